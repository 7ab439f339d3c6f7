// What a parsed record costs in V8's heap per character of its JSON, by record kind (bench/README.md, "Held bytes"):
//   node --expose-gc --import tsx bench/held-bytes.ts
// reads the records the scale table generated (bench/.scale-cache, made by `npx tsx bench/scale.ts` or `npm run
// bench`), parses up to 400 of each kind (again and again, to some 16 million characters) and keeps them, and divides the heap they take (heapUsed after a full
// collection, before and after) by their characters. worker/hosting/records.ts counts HEAP_BYTES_PER_JSON_CHAR per
// character: the largest kind's figure, rounded up.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc --import tsx bench/held-bytes.ts');
  process.exit(2);
}
const base = join(process.cwd(), 'bench', '.scale-cache');
const hashes = readdirSync(base).filter((d) => d !== '.gitignore');
if (!hashes.length) {
  console.error('no generated records in bench/.scale-cache: run npx tsx bench/scale.ts first');
  process.exit(2);
}
const dir = join(base, hashes[0]!, 'records');
const byKind = new Map<string, string[]>();
for (const file of readdirSync(dir)) {
  const kind = file.slice(0, file.indexOf('='));
  const list = byKind.get(kind) ?? [];
  if (list.length < 400) list.push(file);
  byKind.set(kind, list);
}
/** One kind measured in this process: heap bytes per character of its JSON, parsed and kept. */
function measure(kind: string): number {
  const texts = byKind.get(kind)!.map((f) => readFileSync(join(dir, f), 'utf8'));
  const once = texts.reduce((n, t) => n + t.length, 0);
  // parsed again until some 16 million characters are held, so that the heap's own noise is small beside them
  const times = Math.max(1, Math.ceil(16e6 / once));
  gc!();
  gc!();
  const before = process.memoryUsage().heapUsed;
  const kept: unknown[] = [];
  for (let i = 0; i < times; i++) for (const t of texts) kept.push(JSON.parse(t));
  gc!();
  gc!();
  const after = process.memoryUsage().heapUsed;
  return kept.length ? (after - before) / (once * times) : 0;
}

const only = process.argv[2];
if (only) {
  console.log(JSON.stringify({ kind: only, records: byKind.get(only)!.length, perChar: measure(only) }));
  process.exit(0);
}
// each kind in a process of its own: what one kind leaves behind does not count against the next
let worst = 0;
for (const kind of [...byKind.keys()].sort()) {
  const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', import.meta.filename, kind], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  const { records, perChar } = JSON.parse(run.stdout) as { records: number; perChar: number };
  if (kind !== 'host') worst = Math.max(worst, perChar);
  console.log(`${kind.padEnd(9)} ${String(records).padStart(4)} records  ${perChar.toFixed(2)} heap bytes per character`);
}
const counted = /HEAP_BYTES_PER_JSON_CHAR = ([\d.]+)/.exec(readFileSync(join(process.cwd(), 'worker/hosting/records.ts'), 'utf8'))?.[1];
console.log(`largest: ${worst.toFixed(2)} heap bytes per character; worker/hosting/records.ts counts ${counted}`);
