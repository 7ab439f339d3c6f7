// Builds public/, the Worker's static assets: the fixture photographs in their width buckets, the client modules and
// their headers (public/_headers), and the client manifest the Worker imports (worker/generated/).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
// client modules are content-hashed: a changed module has a new URL, so browsers and the edge may keep each a year
writeFileSync(join(out, '_headers'), '/client/*\n  Cache-Control: public, max-age=31536000, immutable\n');
console.log('public/ built');
