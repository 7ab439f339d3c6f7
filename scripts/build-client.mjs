// Builds the browser code into public/client/ (content-hashed ES modules, production React) and writes the manifest
// the Worker imports (worker/generated/client-manifest.json). Nothing is listed by hand:
// - every file in client/entries/ is a page entry, named after the file (site, editor);
// - every `<name>.island.tsx` under worker/ is an island, named after the file; its chunk exports `mount(element,
//   props)`, which hydrates the island's default export (client/islands/hydrate.tsx); a `<name>.island.ts` is a plain
//   island, DOM code without React that exports `mount` itself (the cart badge: a page whose only island it is loads
//   no React);
// - client/islands/loader.ts, the island loader, is built on its own (no shared chunks: one small request);
// - a plain island in SELF_CONTAINED_ISLANDS (the popup overlay) is built on its own as one module; every
//   `*.client.tsx` under worker/ (a React module an island imports on demand) is an entry of the shared build, which
//   a self-contained island imports by its URL;
// - client/entries/site.ts, the site-wide runtime every site page loads, is built on its own too, with only its own
//   on-demand chunks (dialogs, the beta panel): no chunk it imports is shared with React islands, so a page without
//   islands loads the runtime and nothing else. State it shares with islands (the dialog stack) lives on the page.
// Entries and islands are bundled together with code splitting, so React, react-dom and jotai are shared chunks that a
// page loads at most once, and only when an island (or the editor) needs them.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const PUBLIC_PATH = '/client/';
export const MANIFEST_PATH = join(root, 'worker', 'generated', 'client-manifest.json');
const ISLAND_SUFFIX = '.island.tsx';
/** A plain island: DOM code without React, whose module exports `mount(element, props)` itself. */
const PLAIN_ISLAND_SUFFIX = '.island.ts';
const ISLAND_NAMESPACE = 'island-entry';

/** Files under `dir` (recursively) whose name ends with `suffix`. */
function filesEndingWith(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Island name → its source file. Names are file names, so they must be unique. */
export function discoverIslands() {
  const islands = {};
  const files = [...filesEndingWith(join(root, 'worker'), ISLAND_SUFFIX), ...filesEndingWith(join(root, 'worker'), PLAIN_ISLAND_SUFFIX)];
  for (const file of files) {
    const name = basename(file, file.endsWith(ISLAND_SUFFIX) ? ISLAND_SUFFIX : PLAIN_ISLAND_SUFFIX);
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`${relative(root, file)}: an island name is kebab-case`);
    if (islands[name]) throw new Error(`two islands are named '${name}': ${relative(root, islands[name])} and ${relative(root, file)}`);
    islands[name] = file;
  }
  return islands;
}

/** Page entry name → its source file (client/entries/*.ts, *.tsx). */
export function discoverEntries() {
  const entries = {};
  for (const e of readdirSync(join(root, 'client', 'entries'))) {
    const m = /^([a-z][a-z0-9-]*)\.tsx?$/.exec(e);
    if (m) entries[m[1]] = join(root, 'client', 'entries', e);
  }
  return entries;
}

/** The chunks an output imports statically, transitively: what the browser fetches before it runs the module. */
export function staticImportsOf(outputs, file, seen = new Set()) {
  for (const imp of outputs[file].imports) {
    if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
      seen.add(imp.path);
      staticImportsOf(outputs, imp.path, seen);
    }
  }
  return seen;
}

/** The page entries built on their own, each with only its own chunks. */
const SEPARATE_ENTRIES = ['site'];

/**
 * Plain islands built on their own, as one module with no static import: what they draw at load must not wait on a
 * second round of requests. The popup overlay opens over a first-time visitor's page, and its image is then that
 * page's largest paint; from the shared build it waited on ten small shared chunks after its own (measured with
 * Lighthouse's phone profile on fernwood's item page: largest paint 2.0 s, 1.5-1.8 s as one module). Code it shares with
 * other islands is copied into it, so nothing it imports may keep state that other islands must share by module
 * instance (the page's jotai store and its atoms: the build refuses that); state the page shares lives on `window`
 * (the dialog stack, the request layer's flag handlers). A `*.client.tsx` module it imports on demand (its React part)
 * is built with the islands, to share their React, and imported by its URL.
 */
export const SELF_CONTAINED_ISLANDS = ['popup-overlay'];
/** Modules that hold state every island must share by module instance: never copied into a self-contained island. */
const SHARED_INSTANCE_MODULES = [join(root, 'client', 'islands', 'store.ts'), join(root, 'node_modules', 'jotai')];
/** A React module an island imports on demand (`<name>.client.tsx`): an entry of the shared build. */
const CLIENT_MODULE_SUFFIX = '.client.tsx';
/** the same, as esbuild's resolve filter */
const CLIENT_MODULE_FILTER = new RegExp(`${CLIENT_MODULE_SUFFIX.replaceAll('.', '\\.')}$`);

/** Each island's entry module: its component handed to the one hydration routine. */
function islandEntries(islands) {
  return {
    name: 'island-entries',
    setup(b) {
      b.onResolve({ filter: /^island-entry:/ }, (args) => ({
        path: args.path.slice(ISLAND_NAMESPACE.length + 1),
        namespace: ISLAND_NAMESPACE,
      }));
      b.onLoad({ filter: /.*/, namespace: ISLAND_NAMESPACE }, (args) => ({
        resolveDir: root,
        loader: 'tsx',
        contents: islands[args.path].endsWith(PLAIN_ISLAND_SUFFIX)
          ? `export { mount } from ${JSON.stringify(islands[args.path])};`
          : [
              `import Island from ${JSON.stringify(islands[args.path])};`,
              `import { hydrateIsland } from ${JSON.stringify(join(root, 'client', 'islands', 'hydrate.tsx'))};`,
              `export function mount(element, props) { hydrateIsland(element, Island, props); }`,
            ].join('\n'),
      }));
    },
  };
}

const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
  minify: true,
  jsx: 'automatic',
  tsconfig: join(root, 'client', 'tsconfig.json'),
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  metafile: true,
  write: true,
  logLevel: 'warning',
};

const url = (outdir, file) => PUBLIC_PATH + relative(outdir, join(root, file)).split('\\').join('/');

/**
 * Builds everything into `outdir` and returns the manifest and esbuild's metafiles (for the size checks). The
 * manifest: `entries` (page entry name → URL, the loader among them), `islands` (name → { src, imports: every chunk
 * it loads before it runs, for modulepreload }), and `build`, a fingerprint of all of it (part of the page-cache key).
 */
export async function buildClient(outdir = join(root, 'public', 'client'), { writeManifest = true } = {}) {
  mkdirSync(outdir, { recursive: true });
  const islands = discoverIslands();
  const all = discoverEntries();
  const entries = Object.fromEntries(Object.entries(all).filter(([name]) => !SEPARATE_ENTRIES.includes(name)));
  const separate = [];
  for (const name of SEPARATE_ENTRIES) {
    if (!all[name]) continue;
    separate.push(
      await build({
        ...common,
        entryPoints: { [name]: all[name] },
        outdir,
        splitting: true,
        entryNames: '[name]-[hash]',
        chunkNames: `${name}-chunk-[hash]`,
      }),
    );
  }
  const selfContained = SELF_CONTAINED_ISLANDS.filter((name) => {
    if (!islands[name]) return false;
    if (!islands[name].endsWith(PLAIN_ISLAND_SUFFIX))
      throw new Error(`island ${name}: only a plain island (*.island.ts) is built on its own`);
    return true;
  });
  // the React modules islands import on demand: entries of the shared build, so a self-contained island imports one
  // by its URL and shares React with the other islands
  const clientModules = new Map(
    filesEndingWith(join(root, 'worker'), CLIENT_MODULE_SUFFIX).map((source) => [
      source,
      `client-${basename(source, CLIENT_MODULE_SUFFIX)}`,
    ]),
  );
  const split = await build({
    ...common,
    entryPoints: {
      ...entries,
      ...Object.fromEntries(
        Object.keys(islands)
          .filter((name) => !selfContained.includes(name))
          .map((name) => [`island-${name}`, `${ISLAND_NAMESPACE}:${name}`]),
      ),
      ...Object.fromEntries([...clientModules].map(([source, name]) => [name, source])),
    },
    outdir,
    splitting: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    plugins: [islandEntries(islands)],
  });
  const splitEntryUrl = (source) => {
    const key = relative(root, source).split('\\').join('/');
    const file = Object.entries(split.metafile.outputs).find(([, o]) => o.entryPoint === key)?.[0];
    if (!file) throw new Error(`esbuild produced no output for ${key}`);
    return url(outdir, file);
  };
  for (const name of selfContained) {
    separate.push(
      await build({
        ...common,
        entryPoints: { [`island-${name}`]: `${ISLAND_NAMESPACE}:${name}` },
        outdir,
        entryNames: '[name]-[hash]',
        plugins: [
          islandEntries(islands),
          {
            name: 'self-contained-island',
            setup(b) {
              b.onResolve({ filter: CLIENT_MODULE_FILTER }, (args) => {
                const source = join(args.resolveDir, args.path);
                if (args.kind !== 'dynamic-import' || !clientModules.has(source)) return undefined;
                return { path: splitEntryUrl(source), external: true };
              });
              b.onLoad({ filter: /.*/ }, (args) => {
                if (SHARED_INSTANCE_MODULES.some((m) => args.path === m || args.path.startsWith(m + '/'))) {
                  throw new Error(`island ${name} is built on its own but imports ${relative(root, args.path)}, whose state islands share`);
                }
                return undefined;
              });
            },
          },
        ],
      }),
    );
  }
  const loader = await build({
    ...common,
    entryPoints: { loader: join(root, 'client', 'islands', 'loader.ts') },
    outdir,
    entryNames: '[name]-[hash]',
  });

  const outputs = Object.assign({}, split.metafile.outputs, loader.metafile.outputs, ...separate.map((b) => b.metafile.outputs));
  const byEntry = new Map();
  for (const [file, output] of Object.entries(outputs)) {
    if (output.entryPoint) byEntry.set(output.entryPoint, file);
  }
  const staticImports = (file) => staticImportsOf(outputs, file);
  const entryFile = (source) => {
    const key = relative(root, source).split('\\').join('/');
    const file = byEntry.get(key);
    if (!file) throw new Error(`esbuild produced no output for ${key}`);
    return file;
  };
  const manifest = { build: '', entries: {}, islands: {} };
  for (const [name, source] of Object.entries(all)) manifest.entries[name] = url(outdir, entryFile(source));
  manifest.entries.loader = url(outdir, entryFile(join(root, 'client', 'islands', 'loader.ts')));
  for (const name of Object.keys(islands)) {
    const file = byEntry.get(`${ISLAND_NAMESPACE}:${name}`);
    if (!file) throw new Error(`esbuild produced no output for island ${name}`);
    manifest.islands[name] = { src: url(outdir, file), imports: [...staticImports(file)].map((f) => url(outdir, f)) };
  }
  manifest.build = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
  if (writeManifest) {
    mkdirSync(join(MANIFEST_PATH, '..'), { recursive: true });
    writeFileSync(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return { manifest, metafiles: [split.metafile, loader.metafile, ...separate.map((b) => b.metafile)], outputs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { manifest } = await buildClient();
  console.log(`public/client/ built: ${Object.keys(manifest.entries).length} entries, ${Object.keys(manifest.islands).length} islands`);
}
