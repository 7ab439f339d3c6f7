// A fixture page as the server sends it to a visitor's browser, fetched from Node: *.localhost is this machine (as the
// browser's resolver rule says), and the visitor's cookies for the host go along.
import { request } from 'node:http';
import type { BrowserContext } from 'playwright-core';
import type { DevServer } from './dev-server.ts';
import type { FixturePage } from './fixture-pages.ts';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export function fetchPage(
  server: DevServer,
  p: FixturePage,
  state: StorageState | undefined,
): Promise<{ status: number; type: string; body: Buffer }> {
  const cookies = (state?.cookies ?? []).filter((c) => c.domain === p.host || c.domain === `.${p.host}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: p.path,
        headers: {
          Host: `${p.host}:${server.port}`,
          Accept: 'text/html',
          'Sec-Fetch-Dest': 'document',
          'Sec-Fetch-Mode': 'navigate',
          'Sec-Fetch-Site': 'none',
          ...(cookies.length ? { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } : {}),
        },
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${p.name}: no answer in 20 s`)));
    req.end();
  });
}
