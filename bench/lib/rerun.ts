// A configuration an earlier `npm run bench` wrote (its bench/.build), started again on free ports: bench/ab.ts compares
// the builds of two checkouts, whose runs chose their ports independently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './proc.ts';
import { startWorkerd, waitReady } from './workerd.ts';

/** Each socket of a configuration given a free port, and the named external services' addresses replaced. */
async function rewritten(text: string, addresses: Record<string, number> = {}): Promise<{ text: string; ports: Record<string, number> }> {
  const ports: Record<string, number> = {};
  const sockets = /\(name = "([^"]+)", address = "127\.0\.0\.1:(\d+)", http/g;
  for (const [, name] of [...text.matchAll(sockets)]) ports[name!] = await freePort();
  let out = text.replace(sockets, (all, name: string) => all.replace(/:\d+"/, `:${ports[name]}"`));
  for (const [service, port] of Object.entries(addresses))
    out = out.replace(new RegExp(`(name = "${service}", external = \\(address = "127\\.0\\.0\\.1:)(\\d+)"`), `$1${port}"`);
  return { text: out, ports };
}

export interface Rerun {
  port: number;
  pid: number;
  /** every socket's new port, by name */
  ports: Record<string, number>;
}

/**
 * One of a run's configurations started again as `{prefix}-{file}` beside it (its bundles are named relative to it),
 * with its log; the pid and port of the named socket once it answers.
 */
export async function rerun(
  dir: string,
  file: string,
  socket: string,
  o: { prefix: string; addresses?: Record<string, number> },
): Promise<Rerun> {
  const { text, ports } = await rewritten(readFileSync(join(dir, file), 'utf8'), o.addresses);
  const port = ports[socket];
  if (port === undefined) throw new Error(`${join(dir, file)} has no socket named ${socket}: run npm run bench in that checkout first`);
  const w = startWorkerd(dir, `${o.prefix}-${file.replace(/\.capnp$/, '')}`, text);
  await waitReady(w, port, 'startup.localhost', '/', performance.now());
  return { port, pid: w.pid, ports };
}
