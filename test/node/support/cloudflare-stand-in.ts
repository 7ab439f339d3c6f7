// A stand-in for the Cloudflare API on 127.0.0.1, for the operations scripts' tests (CLOUDFLARE_API_BASE_URL points
// them here): the endpoints npm run setup and npm run hostname call, answered in the API's envelope
// ({success, errors, messages, result, result_info}) with the API's status codes and error codes, over state the test
// can read and seed. Every call is recorded.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

export interface StandInState {
  token: string;
  accounts: { id: string; name: string }[];
  namespaces: Map<string, { id: string; title: string }[]>;
  zones: { id: string; name: string; account: string; status: string }[];
  dns: Map<string, { id: string; type: string; name: string; content: string; proxied: boolean }[]>;
  fallbackOrigins: Map<string, { origin: string; status: string }>;
  customHostnames: Map<string, Record<string, unknown>[]>;
  /** Worker name → secret names; a Worker not listed was never deployed */
  scripts: Map<string, string[]>;
}

export interface StandIn {
  url: string;
  state: StandInState;
  calls: Call[];
  close(): Promise<void>;
}

const hex = () => randomUUID().replace(/-/g, '');

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startStandIn(seed: Partial<StandInState> & { token: string }): Promise<StandIn> {
  const state: StandInState = {
    accounts: [],
    namespaces: new Map(),
    zones: [],
    dns: new Map(),
    fallbackOrigins: new Map(),
    customHostnames: new Map(),
    scripts: new Map(),
    ...seed,
  };
  const calls: Call[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await bodyOf(req);
    calls.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body, authorization: req.headers.authorization });
    const send = (status: number, result: unknown, extra: Record<string, unknown> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: status < 400, errors: [], messages: [], result, ...extra }));
    };
    const fail = (status: number, code: number, message: string) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null }));
    };
    /** A list, paged as the API pages it. */
    const page = <T>(items: T[]) => {
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      const n = Number(url.searchParams.get('page') ?? 1);
      const slice = items.slice((n - 1) * perPage, n * perPage);
      send(200, slice, {
        result_info: {
          page: n,
          per_page: perPage,
          count: slice.length,
          total_count: items.length,
          total_pages: Math.max(1, Math.ceil(items.length / perPage)),
        },
      });
    };
    if (req.headers.authorization !== `Bearer ${state.token}`) return fail(400, 6003, 'Invalid request headers');
    const path = url.pathname.replace(/^\/client\/v4/, '');
    const p = path.split('/').filter(Boolean);
    // the route with its ids as :id (accounts, zones, scripts, custom hostnames)
    const route = `${req.method} ${path
      .replace(/^\/(accounts|zones)\/[^/]+/, '/$1/:id')
      .replace(/\/scripts\/[^/]+/, '/scripts/:id')
      .replace(/\/custom_hostnames\/(?!fallback_origin)[^/]+/, '/custom_hostnames/:id')}`;
    try {
      switch (route) {
        case 'GET /accounts':
          return page(state.accounts);
        case 'GET /accounts/:id/storage/kv/namespaces':
          return page(state.namespaces.get(p[1]!) ?? []);
        case 'POST /accounts/:id/storage/kv/namespaces': {
          const list = state.namespaces.get(p[1]!) ?? [];
          const title = (body as { title?: string }).title ?? '';
          if (list.some((ns) => ns.title === title)) return fail(400, 10014, 'A namespace with this account ID and title already exists.');
          const ns = { id: hex(), title };
          state.namespaces.set(p[1]!, [...list, ns]);
          return send(200, ns);
        }
        case 'GET /accounts/:id/workers/scripts/:id/secrets': {
          const secrets = state.scripts.get(p[4]!);
          if (!secrets) return fail(404, 10007, 'This Worker does not exist on your account.');
          return send(
            200,
            secrets.map((name) => ({ name, type: 'secret_text' })),
          );
        }
        case 'GET /zones': {
          const name = url.searchParams.get('name');
          const account = url.searchParams.get('account.id');
          return page(state.zones.filter((z) => (!name || z.name === name) && (!account || z.account === account)));
        }
        case 'GET /zones/:id/dns_records': {
          const name = url.searchParams.get('name');
          return page((state.dns.get(p[1]!) ?? []).filter((r) => !name || r.name === name));
        }
        case 'POST /zones/:id/dns_records': {
          const r = { id: hex(), ...(body as { type: string; name: string; content: string; proxied: boolean }) };
          state.dns.set(p[1]!, [...(state.dns.get(p[1]!) ?? []), r]);
          return send(200, r);
        }
        case 'GET /zones/:id/custom_hostnames/fallback_origin': {
          const f = state.fallbackOrigins.get(p[1]!);
          return f ? send(200, f) : fail(404, 1551, 'No fallback origin found.');
        }
        case 'GET /zones/:id/custom_hostnames': {
          const name = url.searchParams.get('hostname');
          return page((state.customHostnames.get(p[1]!) ?? []).filter((h) => !name || h.hostname === name));
        }
        case 'PUT /zones/:id/custom_hostnames/fallback_origin': {
          const origin = (body as { origin: string }).origin;
          const f = { origin, status: 'pending_deployment' };
          state.fallbackOrigins.set(p[1]!, f);
          return send(200, f);
        }
        case 'POST /zones/:id/custom_hostnames': {
          const b = body as { hostname: string; ssl: { method: string; type: string }; custom_metadata?: Record<string, string> };
          const list = state.customHostnames.get(p[1]!) ?? [];
          if (list.some((h) => h.hostname === b.hostname)) return fail(409, 1406, 'Duplicate custom hostname found.');
          const h = {
            id: randomUUID(),
            hostname: b.hostname,
            status: 'pending',
            ssl: {
              status: 'pending_validation',
              method: b.ssl.method,
              type: b.ssl.type,
              validation_records: b.ssl.method === 'txt' ? [{ txt_name: `_acme-challenge.${b.hostname}`, txt_value: hex() }] : [],
            },
            ownership_verification: { type: 'txt', name: `_cf-custom-hostname.${b.hostname}`, value: randomUUID() },
            ...(b.custom_metadata ? { custom_metadata: b.custom_metadata } : {}),
          };
          state.customHostnames.set(p[1]!, [...list, h]);
          return send(201, h);
        }
        case 'DELETE /zones/:id/custom_hostnames/:id': {
          const list = state.customHostnames.get(p[1]!) ?? [];
          if (!list.some((h) => h.id === p[3])) return fail(404, 1436, 'Custom hostname not found.');
          state.customHostnames.set(
            p[1]!,
            list.filter((h) => h.id !== p[3]),
          );
          return send(200, { id: p[3] });
        }
        default:
          return fail(404, 7003, `No route for that URI (${route})`);
      }
    } catch (error) {
      return fail(500, 10000, String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/client/v4`,
    state,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
