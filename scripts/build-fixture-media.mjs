// Makes the fixture images of fixtures/media/manifest.json in the §9 width buckets: photographs from unpacked Debian
// packages, drawings from scripts/fixture-drawings.mjs. Run by hand when an image is added; the output is committed.
//
//   node scripts/build-fixture-media.mjs [--from DIR] [--force] [name ...]
//
// Builds every image of the manifest whose folder is missing (or the names given; --force rebuilds them). A photograph's
// `source` reads "PACKAGE (Debian VERSION): /path/in/package"; its file is looked for under DIR (default
// /tmp/fixture-debs), where `apt-get download PACKAGE && dpkg -x PACKAGE_*.deb DIR` unpacks it. A drawing's `drawing`
// names an entry of scripts/fixture-drawings.mjs.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { drawings } from './fixture-drawings.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mediaDir = join(root, 'fixtures', 'media');
const manifestFile = join(mediaDir, 'manifest.json');

const BUCKETS = [2500, 1500, 1000, 750, 500, 300, 100];
// the large buckets are only fetched by wide, dense screens, where a lower quality does not show; they are most of the bytes
const quality = (width) => (width >= 1500 ? 55 : 72);

const args = process.argv.slice(2);
const force = args.includes('--force');
const fromAt = args.indexOf('--from');
const from = fromAt >= 0 ? args[fromAt + 1] : '/tmp/fixture-debs';
const names = args.filter((a, i) => !a.startsWith('--') && (fromAt < 0 || i !== fromAt + 1));

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const wanted = names.length > 0 ? names : Object.keys(manifest.images);
let failed = 0;
for (const name of wanted) {
  const entry = manifest.images[name];
  if (!entry) {
    console.error(`${name}: not in fixtures/media/manifest.json`);
    failed++;
    continue;
  }
  const out = join(mediaDir, name);
  if (existsSync(out) && !force && names.length === 0) continue;
  let input;
  if (entry.drawing) {
    const svg = drawings[entry.drawing];
    if (!svg) {
      console.error(`${name}: no drawing "${entry.drawing}" in scripts/fixture-drawings.mjs`);
      failed++;
      continue;
    }
    // rasterised at the largest bucket's width, so every bucket is a downscale of a sharp original
    input = await sharp(Buffer.from(svg), { density: (72 * 2500) / 1500 })
      .png()
      .toBuffer();
  } else {
    const m = /^(\S+) \(Debian [^)]+\): (\/\S+)$/.exec(entry.source ?? '');
    if (!m) {
      console.error(`${name}: source must read "PACKAGE (Debian VERSION): /path", not ${JSON.stringify(entry.source)}`);
      failed++;
      continue;
    }
    const file = join(from, m[2]);
    if (!existsSync(file)) {
      console.error(`${name}: ${file} is missing; run: apt-get download ${m[1]} && dpkg -x ${m[1]}_*.deb ${from}`);
      failed++;
      continue;
    }
    input = readFileSync(file);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  let size = { width: 0, height: 0 };
  for (const width of BUCKETS) {
    // the 2500w file of an original narrower than 2500 px is upscaled, so every bucket exists
    const { data, info } = await sharp(input)
      .rotate()
      .resize({ width })
      .jpeg({ quality: quality(width), progressive: true, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    writeFileSync(join(out, `${width}w.jpg`), data);
    bytes += data.length;
    if (width === BUCKETS[0]) size = { width: info.width, height: info.height };
  }
  if (entry.width !== size.width || entry.height !== size.height) {
    entry.width = size.width;
    entry.height = size.height;
  }
  console.log(`${name}: ${size.width}×${size.height}, ${Math.round(bytes / 1024)} KiB in ${BUCKETS.length} buckets`);
}
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
process.exit(failed ? 1 : 0);
