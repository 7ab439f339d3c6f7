// Builds public/, the Worker's static assets: the fixture photographs in their width buckets and the client bundles.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from './build-client.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public');
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'media'), { recursive: true });
const media = join(root, 'fixtures', 'media');
if (existsSync(media)) {
  cpSync(media, join(out, 'media'), { recursive: true, filter: (src) => !/\.(md|json)$/.test(src) });
}
await buildClient(join(out, 'client'));
console.log('public/ built');
