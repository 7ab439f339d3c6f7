// V8's sampling CPU profiler inside workerd, over the inspector protocol (workerd serve --inspector-addr): where a
// request's CPU goes, function by function, for `npm run bench:profile`.
import { createRequire } from 'node:module';
import { get } from './workerd.ts';

/** The part of the `ws` package (a dependency of wrangler's) that this file uses. */
interface Socket {
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options?: { perMessageDeflate: boolean }) => Socket;

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Inspector {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  close(): void;
}

/** Connects to the isolate of one service of a workerd started with --inspector-addr. */
export async function connectInspector(port: number, service: string): Promise<Inspector> {
  const list = JSON.parse((await get(port, `127.0.0.1:${port}`, '/json/list')).body.toString('utf8')) as {
    id: string;
    title?: string;
    webSocketDebuggerUrl?: string;
  }[];
  const target =
    list.find((t) => t.id === service || t.title === service) ?? list.find((t) => t.webSocketDebuggerUrl?.endsWith(`/${service}`));
  if (!target) throw new Error(`no inspector target for the service ${service}; targets: ${list.map((t) => t.id).join(', ')}`);
  const url = target.webSocketDebuggerUrl ?? `ws://127.0.0.1:${port}/${target.id}`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 1;
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString('utf8')) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!waiter) return;
    pending.delete(msg.id!);
    if (msg.error) waiter.reject(new Error(msg.error.message));
    else waiter.resolve(msg.result);
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  return {
    send: <T>(method: string, params: Record<string, unknown> = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

export interface FunctionCost {
  name: string;
  where: string;
  /** milliseconds of samples in the function itself */
  selfMs: number;
  /** milliseconds of samples in the function and everything it called (each sample counted once per function) */
  totalMs: number;
}

/** Self and total time per function (by name and place), from a profile's samples. */
export function costs(profile: CpuProfile): FunctionCost[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => {
    const f = n.callFrame;
    return `${f.functionName || '(anonymous)'}\t${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    let node = byId.get(profile.samples[i]!);
    if (!node) continue;
    self.set(key(node), (self.get(key(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      node = byId.get(id)!;
      const k = key(node);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
  return [...total.entries()].map(([k, totalMs]) => {
    const [name, where] = k.split('\t') as [string, string];
    return { name, where, selfMs: self.get(k) ?? 0, totalMs };
  });
}
