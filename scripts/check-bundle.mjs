// The size budgets and the one-copy rule, with every figure printed: the Worker bundled offline as `wrangler deploy
// --env staging` and `--env production` would (--dry-run, which also checks each environment's configuration; at most
// 1 MiB gzip), and the browser code: the island loader at most 1.75 KiB gzip and importing
// nothing but the site-wide runtime's own file, that runtime (client/entries/site.ts, with every chunk it imports
// before it runs) at most 6 KiB gzip, each island's own chunk at most 8 KiB gzip, no entry that pages without islands
// load (the runtime, the loader) may reach React, no plain island (*.island.ts) may load React before it runs (it may
// import it on demand), an island built on its own (SELF_CONTAINED_ISLANDS) imports nothing before it runs but the
// files the page has loaded already (the runtime's, the loader's), and no source module is in two files that one page
// may download (scripts/build-client.mjs lends such modules from one build to the next instead of copying them), and
// no page type of the fixture sites runs more than 25 KiB gzip of script before the visitor's first interaction (the
// runtime, the loader and the plain islands that start on their own; React islands are preloaded, not run, until the
// first touch: scripts/page-islands.ts lists each fixture page's islands as the Worker serves them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildClient, discoverIslands, SELF_CONTAINED_ISLANDS, staticImportsOf } from './build-client.mjs';

const KiB = 1024;
const WORKER_LIMIT = 1024 * KiB;
/** The loader: the island protocol, hold and replay, and since issue 28 §2 the React islands' preloads after the load event. */
const LOADER_LIMIT = 1.75 * KiB;
const ISLAND_LIMIT = 8 * KiB;
const SITE_RUNTIME_LIMIT = 6 * KiB;
/** Script a page runs before the visitor's first interaction (the runtime, the loader, plain islands), per page type. */
const EXECUTED_LIMIT = 25 * KiB;
/** Entries that only pages with React on them load: the editor frame hydrates a React app of its own. */
const REACT_ENTRIES = new Set(['editor']);

const failures = [];
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kib = (n) => `${(n / KiB).toFixed(2)} KiB`;
const short = (file) => file.replace(/^.*\//, '');

/**
 * The source modules that are in more than one of `files` (a module counts where esbuild put some of its code), with
 * the files each is in; and how many modules the files hold.
 */
function copiedModules(outputs, files) {
  const where = new Map();
  for (const file of files) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs)) {
      if (bytesInOutput > 0) where.set(input, [...(where.get(input) ?? []), file]);
    }
  }
  return { copied: [...where].filter(([, in_]) => in_.length > 1), modules: where.size };
}

// --- the browser code
const dir = mkdtempSync(join(tmpdir(), 'client-check-'));
try {
  const { manifest, outputs, pageFiles, lent } = await buildClient(dir, { writeManifest: false });
  const root = process.cwd();
  const fileOf = (url) => relative(root, join(dir, url.replace(/^\/client\//, '')));
  const size = (file) => gzip(readFileSync(join(root, file)));
  const reachable = (file) => staticImportsOf(outputs, file);
  const hasReact = (file) => Object.keys(outputs[file].inputs).some((i) => /node_modules\/react(-dom)?\//.test(i));
  const reactChunks = Object.keys(outputs).filter((f) => f.endsWith('.js') && hasReact(f));

  console.log('browser code (gzip):');
  for (const [file, output] of Object.entries(outputs).sort(([a], [b]) => a.localeCompare(b))) {
    if (!file.endsWith('.js')) continue;
    const entry = output.entryPoint?.replace(/^island-entry:/, 'island ').replace(/^lender-entry:/, '');
    const role = entry ? `entry ${entry}` : 'shared chunk';
    console.log(`  ${kib(size(file)).padStart(11)}  ${short(file)}  (${role}${hasReact(file) ? ', React' : ''})`);
  }

  const siteFile = fileOf(manifest.entries.site);
  const siteAtOnce = new Set([siteFile, ...reachable(siteFile)]);
  const loaderFile = fileOf(manifest.entries.loader);
  const loaderAtOnce = new Set([loaderFile, ...reachable(loaderFile)]);
  const loader = size(loaderFile);
  const loaderOwn = [...reachable(loaderFile)].filter((f) => !siteAtOnce.has(f));
  if (loaderOwn.length)
    failures.push(`the island loader imports ${loaderOwn.map(short).join(', ')}: it may import only the site runtime's file`);
  if (loader > LOADER_LIMIT) failures.push(`the island loader is ${kib(loader)} gzip (limit ${kib(LOADER_LIMIT)})`);
  const siteRuntime = [...siteAtOnce].reduce((n, f) => n + size(f), 0);
  if (siteRuntime > SITE_RUNTIME_LIMIT) {
    failures.push(`the site-wide runtime is ${kib(siteRuntime)} gzip with the chunks it imports (limit ${kib(SITE_RUNTIME_LIMIT)})`);
  }
  for (const [name, island] of Object.entries(manifest.islands)) {
    const own = size(fileOf(island.src));
    if (own > ISLAND_LIMIT) failures.push(`island ${name}: its own chunk is ${kib(own)} gzip (limit ${kib(ISLAND_LIMIT)})`);
  }
  for (const [name, url] of Object.entries(manifest.entries)) {
    if (REACT_ENTRIES.has(name)) continue;
    const file = fileOf(url);
    const react = [file, ...reachable(file)].filter((f) => reactChunks.includes(f));
    if (react.length) failures.push(`entry ${name} reaches React (${react.join(', ')}), but pages without islands load it`);
  }
  const sources = discoverIslands();
  const plain = Object.keys(manifest.islands).filter((name) => sources[name]?.endsWith('.island.ts'));
  const reachesReact = (name) =>
    [fileOf(manifest.islands[name].src), ...manifest.islands[name].imports.map(fileOf)].some((f) => reactChunks.includes(f));
  for (const name of plain) if (reachesReact(name)) failures.push(`plain island ${name} loads React before it runs`);
  for (const name of SELF_CONTAINED_ISLANDS) {
    const extra = (manifest.islands[name]?.imports ?? []).map(fileOf).filter((f) => !siteAtOnce.has(f) && !loaderAtOnce.has(f));
    if (extra.length) failures.push(`island ${name} is built on its own but imports ${extra.map(short).join(', ')} before it runs`);
  }
  const withReact = Object.keys(manifest.islands).filter(reachesReact);
  // (a site page's React: the editor frame, a page of its own, has its own copy)
  const react = reactChunks.filter((f) => pageFiles.site.includes(f)).reduce((n, f) => n + size(f), 0);
  console.log(
    `  loader ${kib(loader)} (limit ${kib(LOADER_LIMIT)}); site-wide runtime ${kib(siteRuntime)} in ${siteAtOnce.size} file(s) with its imports (limit ${kib(SITE_RUNTIME_LIMIT)}); React and react-dom ${kib(react)}, shared by ${withReact.length} islands; ${plain.length} plain islands, none of which may load it before it runs (${plain.join(', ')})`,
  );

  // one copy of each module: every file a page of each kind may download (for a site page: the runtime and its
  // on-demand chunks, the loader, every island and every chunk they import, at once or on demand; any page downloads
  // some of these, so none downloads a module twice if all of them together hold each module once)
  console.log('one copy of each module per page:');
  for (const [kind, files] of Object.entries(pageFiles)) {
    const { copied, modules } = copiedModules(outputs, files);
    for (const [module, in_] of copied)
      failures.push(`a ${kind} page may download ${module} ${in_.length} times: in ${in_.map(short).join(', ')}`);
    console.log(
      `  ${kind} pages: ${files.length} files hold ${modules} modules, ${copied.length ? `${copied.length} of them in more than one file` : 'each in one file'}`,
    );
  }
  for (const [name, modules] of Object.entries(lent)) {
    if (modules.length) console.log(`  ${name} lends later builds ${modules.length} modules: ${modules.join(', ')}`);
  }

  // --- what runs before the visitor's first interaction, per page type of the fixture sites (issue 28 §2): the
  // runtime and what it imports, the loader, and the plain islands that start on their own, with what they import;
  // never a React island's chunks, which the loader only preloads (fetched, not run) until the first touch. A gallery
  // that plays by itself hydrates on its own after the load event: printed apart, as what runs after the load event.
  const islandFiles = (name) => [fileOf(manifest.islands[name].src), ...manifest.islands[name].imports.map(fileOf)];
  const sum = (files) => [...files].reduce((n, f) => n + size(f), 0);
  const pages = JSON.parse(
    spawnSync(join('node_modules', '.bin', 'tsx'), ['scripts/page-islands.ts'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    }).stdout || 'null',
  );
  if (!Array.isArray(pages)) failures.push('scripts/page-islands.ts did not list the fixture pages’ islands');
  const byType = new Map();
  for (const page of pages ?? []) {
    const executed = new Set(siteAtOnce);
    const preloaded = new Set();
    const afterLoad = new Set();
    if (page.islands.length) for (const f of loaderAtOnce) executed.add(f);
    for (const { name, when } of page.islands) {
      const island = manifest.islands[name];
      if (!island) continue;
      if (!island.react) {
        if (when !== 'interaction') for (const f of islandFiles(name)) executed.add(f);
      } else if (when === 'load') for (const f of islandFiles(name)) afterLoad.add(f);
      else if (when !== 'interaction') for (const f of islandFiles(name)) preloaded.add(f);
    }
    for (const f of executed) {
      preloaded.delete(f);
      afterLoad.delete(f);
    }
    for (const f of afterLoad) preloaded.delete(f);
    const figures = { url: page.url, executed: sum(executed), preloaded: sum(preloaded), afterLoad: sum(afterLoad) };
    const worst = byType.get(page.pageType);
    if (!worst || figures.executed > worst.executed) byType.set(page.pageType, { ...figures, pages: (worst?.pages ?? 0) + 1 });
    else worst.pages++;
  }
  console.log(
    `script run before the first interaction, per page type of the fixtures (gzip; limit ${kib(EXECUTED_LIMIT)}), its largest page:`,
  );
  for (const [type, f] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    const extra = [
      f.preloaded && `${kib(f.preloaded)} more preloaded, not run`,
      f.afterLoad && `${kib(f.afterLoad)} after the load event (a gallery that plays by itself)`,
    ]
      .filter(Boolean)
      .join('; ');
    console.log(`  ${kib(f.executed).padStart(11)}  ${type} (${f.pages} page(s); ${f.url})${extra ? `  ${extra}` : ''}`);
    if (f.executed > EXECUTED_LIMIT)
      failures.push(`${type}: ${f.url} runs ${kib(f.executed)} gzip of script before the first interaction (limit ${kib(EXECUTED_LIMIT)})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// --- the Worker, as each deployed environment bundles it (offline: --dry-run uploads nothing and needs no account)
for (const env of ['staging', 'production']) {
  const out = join('dist', env);
  const run = spawnSync(join('node_modules', '.bin', 'wrangler'), ['deploy', '--dry-run', '--env', env, '--outdir', out], {
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  if (run.status !== 0) {
    failures.push(`wrangler deploy --dry-run --env ${env} failed (${run.status ?? run.signal})`);
    continue;
  }
  let raw = 0;
  let zipped = 0;
  for (const f of readdirSync(out)) {
    const p = join(out, f);
    if (!statSync(p).isFile() || !/\.(m?js|wasm)$/.test(f)) continue;
    const buf = readFileSync(p);
    raw += buf.length;
    zipped += gzip(buf);
  }
  console.log(`worker bundle (env.${env}): ${kib(raw)}, ${kib(zipped)} gzip (limit ${kib(WORKER_LIMIT)} gzip)`);
  if (zipped > WORKER_LIMIT) failures.push(`the worker bundle of env.${env} is over 1 MiB gzip`);
}

for (const f of failures) console.error(`over budget: ${f}`);
process.exit(failures.length ? 1 : 0);
