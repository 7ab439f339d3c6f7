// Builds the browser code into public/client/ (content-hashed ES modules, production React) and writes the manifest
// the Worker imports (worker/generated/client-manifest.json). Nothing is listed by hand:
// - every file in client/entries/ is a page entry, named after the file (site, editor);
// - every `<name>.island.tsx` under worker/ is an island, named after the file; its chunk exports `mount(element,
//   props)`, which hydrates the island's default export (client/islands/hydrate.tsx); a `<name>.island.ts` is a plain
//   island, DOM code without React that exports `mount` itself (the cart badge: a page whose only island it is loads
//   no React).
//
// A site page loads the files of several builds, made in this order, each loaded on every page that loads the next:
// 1. the site-wide runtime (client/entries/site.ts, every site page), with its own on-demand chunks (the dialogs, the
//    overlays, the beta panel): one small file, so a page without islands loads it and nothing else;
// 2. the island loader (client/islands/loader.ts, pages that rendered an island), one small module;
// 3. the islands, bundled together with code splitting, so React, react-dom, jotai and every module islands share are
//    shared chunks that a page loads once, and only when an island needs them;
// 4. each island built on its own (SELF_CONTAINED_ISLANDS: the popup overlay), one module for its first paint.
// A module that a later build imports and an earlier one already holds in the files it loads at once (its entry and
// the chunks that entry imports before it runs) is not copied into the later build: the earlier build's entry file
// re-exports it ("lends" it) and the later build imports it from that file by URL. The browser's module map keeps one
// module per URL, so such a module (the page object client/page.ts, the request layer, the analytics, the page
// context) is one instance on the page and is downloaded once, by whichever script asks for it first; what each build
// lends, and under which names, is found from a first, unwritten build of each (esbuild's metafiles), never listed by
// hand. `npm run check:bundle` fails if a module is still in two files one page may download.
// The editor frame (/config/) is a page of its own: its entry is built apart, with its own React.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const PUBLIC_PATH = '/client/';
export const MANIFEST_PATH = join(root, 'worker', 'generated', 'client-manifest.json');
/** Which source modules each built file holds (for check:bundle and the browser test of one copy per module). */
export const MODULES_PATH = join(root, 'worker', 'generated', 'client-modules.json');
const ISLAND_SUFFIX = '.island.tsx';
/** React's own modules, as esbuild names them in a metafile's inputs (a linked node_modules has a prefix). */
export const REACT_MODULE = /node_modules\/react(-dom)?\//;
/** A plain island: DOM code without React, whose module exports `mount(element, props)` itself. */
const PLAIN_ISLAND_SUFFIX = '.island.ts';
const ISLAND_NAMESPACE = 'island-entry';
/** the entry of a build that lends modules: its own entry, plus the re-exports of what it lends */
const LENDER_NAMESPACE = 'lender-entry';
/** a module a build imports from an earlier build's entry file */
const BORROWED_NAMESPACE = 'borrowed';
const SITE_ENTRY = join(root, 'client', 'entries', 'site.ts');
const LOADER_ENTRY = join(root, 'client', 'islands', 'loader.ts');

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

/**
 * The files an output imports statically, transitively: what the browser fetches before it runs the module. An import
 * of another build's entry file (a borrowed module) is followed into that build's outputs.
 */
export function staticImportsOf(outputs, file, seen = new Set()) {
  for (const imp of outputs[file].imports) {
    if (imp.kind !== 'import-statement') continue;
    const target = imp.external ? outputOfUrl(outputs, imp.path) : imp.path;
    if (target && !seen.has(target)) {
      seen.add(target);
      staticImportsOf(outputs, target, seen);
    }
  }
  return seen;
}

/** The output file served at a URL under /client/, if one of `outputs`. */
function outputOfUrl(outputs, path) {
  if (!path.startsWith(PUBLIC_PATH)) return undefined;
  const name = path.slice(PUBLIC_PATH.length);
  return Object.keys(outputs).find((f) => f.endsWith(`/${name}`));
}

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
  logLevel: 'warning',
};

const rel = (file) => relative(root, file).split('\\').join('/');
const url = (outdir, file) => PUBLIC_PATH + relative(outdir, join(root, file)).split('\\').join('/');

/**
 * Plain islands built on their own, as one module that imports nothing before it runs but the files the page has
 * loaded already (the runtime's, the loader's): what they draw at load must not wait on a second round of requests.
 * The popup overlay opens over a first-time visitor's page, and its image is then that page's largest paint; from the
 * shared build it waited on ten small shared chunks after its own (measured with Lighthouse's phone profile on
 * fernwood's item page: largest paint 2.0 s, 1.5-1.8 s as one module). Built with the islands, it would still import
 * the islands' shared chunk of esbuild's helpers, which every entry of a code-split build imports. Like every build
 * of the page it borrows what the runtime holds; what it holds itself, no island may hold (check:bundle). A
 * `*.client.tsx` module it imports on demand (its React part) is an entry of the islands' build, to share their React,
 * and is imported by its URL.
 */
export const SELF_CONTAINED_ISLANDS = ['popup-overlay'];
/** A React module an island imports on demand (`<name>.client.tsx`): an entry of the islands' build. */
const CLIENT_MODULE_SUFFIX = '.client.tsx';
const CLIENT_MODULE_FILTER = new RegExp(`${CLIENT_MODULE_SUFFIX.replaceAll('.', '\\.')}$`);

/** A self-contained island imports `*.client.tsx` modules by the URL the islands' build gave them (none yet: left out). */
function clientModulesByUrl(urls) {
  return {
    name: 'client-modules-by-url',
    setup(b) {
      b.onResolve({ filter: CLIENT_MODULE_FILTER }, (args) => {
        const source = rel(join(args.resolveDir, args.path));
        if (args.kind !== 'dynamic-import') throw new Error(`${source} is imported statically by an island built on its own`);
        return { path: urls?.get(source) ?? `${PUBLIC_PATH}${source}`, external: true };
      });
    },
  };
}

/**
 * The builds of a site page, in order: the runtime, the loader, the islands (with the React modules they import on
 * demand), then each island built on its own. `clientUrls`: the URLs of those React modules, once the islands' build
 * has made them.
 */
function sitePageBuilds(outdir, islands, write, clientUrls) {
  const out = { outdir, write, entryNames: '[name]-[hash]' };
  const shared = Object.keys(islands).filter((name) => !SELF_CONTAINED_ISLANDS.includes(name));
  const clientModules = filesEndingWith(join(root, 'worker'), CLIENT_MODULE_SUFFIX);
  return [
    {
      name: 'site',
      source: SITE_ENTRY,
      options: { ...common, ...out, entryPoints: { site: SITE_ENTRY }, splitting: true, chunkNames: 'site-chunk-[hash]' },
    },
    { name: 'loader', source: LOADER_ENTRY, options: { ...common, ...out, entryPoints: { loader: LOADER_ENTRY } } },
    {
      name: 'islands',
      options: {
        ...common,
        ...out,
        entryPoints: {
          ...Object.fromEntries(shared.map((name) => [`island-${name}`, `${ISLAND_NAMESPACE}:${name}`])),
          ...Object.fromEntries(clientModules.map((source) => [`client-${basename(source, CLIENT_MODULE_SUFFIX)}`, source])),
        },
        splitting: true,
        chunkNames: 'chunk-[hash]',
        plugins: [islandEntries(islands)],
      },
    },
    ...SELF_CONTAINED_ISLANDS.filter((name) => islands[name]).map((name) => {
      if (!islands[name].endsWith(PLAIN_ISLAND_SUFFIX))
        throw new Error(`island ${name}: only a plain island (*.island.ts) is built on its own`);
      return {
        name: `island-${name}`,
        options: {
          ...common,
          ...out,
          entryPoints: { [`island-${name}`]: `${ISLAND_NAMESPACE}:${name}` },
          plugins: [islandEntries(islands), clientModulesByUrl(clientUrls)],
        },
      };
    }),
  ];
}

/** The modules a build's entry file holds at once: in the entry and the chunks it imports before it runs. */
function heldAtOnce(metafile, source) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint === rel(source));
  if (!entry) throw new Error(`esbuild produced no output for ${rel(source)}`);
  const held = new Set();
  for (const file of [entry, ...staticImportsOf(outputs, entry)]) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs)) if (bytesInOutput > 0) held.add(input);
  }
  return held;
}

/**
 * What a later build would import from the modules an earlier one holds: its module graph (from a build without
 * lending) walked from its entry points, stopping at each module an earlier build holds, which it borrows instead.
 */
function borrowedBy(metafile, lenders) {
  const borrowed = new Map();
  const inputs = metafile.inputs;
  const seen = new Set();
  const walk = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const lender = lenders.find((l) => l.held.has(path));
    if (lender) {
      borrowed.set(path, lender);
      return;
    }
    for (const imp of inputs[path]?.imports ?? []) if (!imp.external) walk(imp.path);
  };
  for (const output of Object.values(metafile.outputs)) if (output.entryPoint) walk(output.entryPoint);
  const own = new Set([...seen].filter((path) => !borrowed.has(path)));
  return { borrowed, own };
}

/** A module's export names, as esbuild sees them (types are not exports). */
async function exportNames(module) {
  const result = await build({ ...common, entryPoints: [join(root, module)], bundle: false, write: false, minify: false });
  if (/^export \* from/m.test(result.outputFiles[0].text)) {
    throw new Error(`${module} is lent to another build but re-exports with 'export *': name what it exports`);
  }
  return Object.values(result.metafile.outputs)[0].exports;
}

const BORROWED_PREFIX = `${BORROWED_NAMESPACE}:`;

/**
 * The names a build imports from each module it borrows: the build made once more (not written) with those modules,
 * where its own modules import them, left out under a marked path, so that its import statements name them. esbuild
 * keeps every name a kept module imports from another file, used or not, so the lender must export each of them. A
 * dynamic import asks for every name.
 */
async function importedNames(options, borrowed, own) {
  const marking = {
    name: 'mark-borrowed',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === BORROWED_NAMESPACE) return undefined;
        const { kind, importer, resolveDir } = args;
        // what a borrowed module imports itself is the lender's business
        if (!own.has(args.namespace === 'file' ? rel(importer) : `${args.namespace}:${importer}`)) return undefined;
        const resolved = await b.resolve(args.path, { kind, importer, resolveDir, pluginData: BORROWED_NAMESPACE });
        if (resolved.errors.length || resolved.external || !borrowed.has(rel(resolved.path))) return undefined;
        return { path: BORROWED_PREFIX + rel(resolved.path), external: true };
      });
    },
  };
  const result = await build({ ...options, plugins: [...(options.plugins ?? []), marking], write: false });
  /** module → the names asked for; null: all of them */
  const names = new Map([...borrowed].map((module) => [module, new Set()]));
  const add = (module, clause) => {
    if (names.get(module) === null) return;
    if (clause.includes('*')) return void names.set(module, null);
    for (const spec of clause.replace(/[{}]/g, '').split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0];
      if (name) names.get(module).add(name);
    }
  };
  const from = String.raw`\s*from\s*"${BORROWED_PREFIX}([^"]+)"`;
  for (const { path, text } of result.outputFiles) {
    if (!path.endsWith('.js')) continue;
    for (const [, def, clause, module] of text.matchAll(
      new RegExp(String.raw`\bimport\s*([\w$]+)?\s*,?\s*(\{[^}]*\}|\*\s*as\s*[\w$]+)?${from}`, 'g'),
    )) {
      if (def) add(module, '{default}');
      if (clause) add(module, clause);
    }
    for (const [, clause, module] of text.matchAll(new RegExp(String.raw`\bexport\s*(\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?)${from}`, 'g')))
      add(module, clause);
    for (const [, module] of text.matchAll(new RegExp(String.raw`\bimport\(\s*"${BORROWED_PREFIX}([^"]+)"\s*\)`, 'g'))) add(module, '*');
  }
  for (const [module, set] of names) if (set === null) names.set(module, new Set(await exportNames(module)));
  return names;
}

const NAME_NAMESPACE = 'lent-name';

/**
 * Of the names a build imports from the modules it borrows, those its code uses after tree shaking: the build made
 * once more (not written) with each such module, where its own modules import it, seen through one tiny module per
 * export name, which holds code only when that name is used.
 */
async function usedNames(options, borrowed, own) {
  const exported = new Map();
  for (const module of borrowed) exported.set(module, await exportNames(module));
  const probe = {
    name: 'probe-lent-names',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === NAME_NAMESPACE || args.namespace === NAME_NAMESPACE) return undefined;
        const { kind, importer, resolveDir } = args;
        if (!own.has(args.namespace === 'file' ? rel(importer) : `${args.namespace}:${importer}`)) return undefined;
        const resolved = await b.resolve(args.path, { kind, importer, resolveDir, pluginData: NAME_NAMESPACE });
        if (resolved.errors.length || resolved.external || !borrowed.has(rel(resolved.path))) return undefined;
        return { path: rel(resolved.path), namespace: NAME_NAMESPACE };
      });
      b.onResolve({ filter: /#/, namespace: NAME_NAMESPACE }, (args) => ({ path: args.path, namespace: NAME_NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAME_NAMESPACE }, (args) => {
        const [module, name] = args.path.split('#');
        const source = JSON.stringify(join(root, module));
        const contents = !name
          ? exported
              .get(module)
              .map((n) => `export { ${n} } from "${module}#${n}";`)
              .join('\n')
          : name === 'default'
            ? `import v from ${source}; export default v;`
            : `import { ${name} as v } from ${source}; export const ${name} = v;`;
        return { resolveDir: root, loader: 'js', contents, pluginData: NAME_NAMESPACE };
      });
    },
  };
  const result = await build({ ...options, plugins: [probe, ...(options.plugins ?? [])], write: false });
  const used = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (input.startsWith(`${NAME_NAMESPACE}:`) && input.includes('#') && bytesInOutput > 0)
        used.add(input.slice(NAME_NAMESPACE.length + 1));
    }
  }
  return used;
}

/**
 * A lending build's entry: its own entry module, then the names of each module it lends, under their own names.
 * A name some later build imports but never uses is bound to undefined: esbuild keeps such an import in the borrower's
 * file, so the name must be there for the file to link, and the real one would keep code that nobody runs.
 */
function lenderEntry(name, source, lent) {
  const owner = new Map();
  const lines = [`import ${JSON.stringify(source)};`, 'const unused = undefined;'];
  const unusedNames = [];
  for (const [module, { names, used }] of lent) {
    for (const n of names) {
      if (owner.has(n)) throw new Error(`the ${name} build lends two modules that both export '${n}': ${owner.get(n)} and ${module}`);
      owner.set(n, module);
    }
    const real = names.filter((n) => used.has(n));
    if (real.length) lines.push(`export { ${real.join(', ')} } from ${JSON.stringify(join(root, module))};`);
    unusedNames.push(...names.filter((n) => !used.has(n)));
  }
  if (unusedNames.length) lines.push(`export { ${unusedNames.map((n) => `unused as ${n}`).join(', ')} };`);
  return {
    plugin: {
      name: 'lender-entry',
      setup(b) {
        b.onResolve({ filter: new RegExp(`^${LENDER_NAMESPACE}:`) }, (args) => ({
          path: args.path.slice(LENDER_NAMESPACE.length + 1),
          namespace: LENDER_NAMESPACE,
        }));
        b.onLoad({ filter: /.*/, namespace: LENDER_NAMESPACE }, () => ({ resolveDir: root, loader: 'js', contents: lines.join('\n') }));
      },
    },
    entryPoints: { [name]: `${LENDER_NAMESPACE}:${name}` },
  };
}

/**
 * An import of a borrowed module is an import of the lending build's entry file, by URL: each importing module names
 * it in its own import statement, so no file stands between them (a module that re-exported it would be one more file
 * to wait for, shared by several islands).
 */
function borrowing(borrowed) {
  return {
    name: 'borrowing',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === BORROWED_NAMESPACE || !borrowed.size) return undefined;
        const { kind, importer, resolveDir } = args;
        const resolved = await b.resolve(args.path, { kind, importer, resolveDir, pluginData: BORROWED_NAMESPACE });
        if (resolved.errors.length || resolved.external) return undefined;
        const url = borrowed.get(rel(resolved.path));
        return url ? { path: url, external: true } : undefined;
      });
    },
  };
}

/**
 * The site page's builds with lending. A first build of each, without lending and not written, finds what each build
 * holds at once and what the later ones import of it; then each is built in order, the later ones importing those
 * modules from the earlier ones' entry files.
 */
async function buildSitePage(outdir, islands) {
  const plain = sitePageBuilds(outdir, islands, false);
  const first = await Promise.all(plain.map((s) => build(s.options)));
  /** the builds that lend, in order: { name, held: modules, lent: module → { names, used }, url } */
  const lenders = [];
  /** per build: module → the lender it borrows it from */
  const borrows = plain.map(() => new Map());
  for (const [i, stage] of plain.entries()) {
    let own = new Set();
    if (i > 0) {
      const found = borrowedBy(first[i].metafile, lenders);
      for (const [module, lender] of found.borrowed) borrows[i].set(module, lender);
      own = found.own;
    }
    if (borrows[i].size) {
      const modules = new Set(borrows[i].keys());
      const used = await usedNames(plain[i].options, modules, own);
      for (const [module, names] of await importedNames(plain[i].options, modules, own)) {
        const lent = borrows[i].get(module).lent;
        const entry = lent.get(module) ?? { names: [], used: new Set() };
        entry.names = [...new Set([...entry.names, ...names])].sort();
        for (const n of names) if (used.has(`${module}#${n}`)) entry.used.add(n);
        lent.set(module, entry);
      }
    }
    if (stage.source) {
      const held = heldAtOnce(first[i].metafile, stage.source);
      // a module this build borrows is not its own to lend
      for (const module of borrows[i].keys()) held.delete(module);
      lenders.push({ name: stage.name, held, lent: new Map() });
    }
  }

  const results = [];
  const clientUrls = new Map();
  for (const [i, stage] of sitePageBuilds(outdir, islands, true, clientUrls).entries()) {
    const borrowed = new Map([...borrows[i]].map(([module, lender]) => [module, lender.url]));
    const lender = lenders.find((l) => l.name === stage.name);
    let options = { ...stage.options, plugins: [...(stage.options.plugins ?? []), borrowing(borrowed)] };
    if (lender?.lent.size) {
      const entry = lenderEntry(stage.name, stage.source, lender.lent);
      options = { ...options, entryPoints: entry.entryPoints, plugins: [entry.plugin, ...options.plugins] };
    }
    const result = await build(options);
    results.push(result);
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      if (output.entryPoint?.endsWith(CLIENT_MODULE_SUFFIX)) clientUrls.set(output.entryPoint, url(outdir, file));
    }
    if (lender) {
      const key = lender.lent.size ? `${LENDER_NAMESPACE}:${stage.name}` : rel(stage.source);
      const file = Object.keys(result.metafile.outputs).find((f) => result.metafile.outputs[f].entryPoint === key);
      lender.url = url(outdir, file);
    }
  }
  return { results, lenders };
}

/**
 * Builds everything into `outdir` and returns the manifest and the outputs of every build (esbuild's metafile
 * outputs, for the size checks). The manifest: `entries` (page entry name → URL, the loader among them), `islands`
 * (name → { src, imports: every file it loads before it runs, react: whether those hold React }), and `build`, a fingerprint of all of it (part of the
 * page-cache key).
 */
export async function buildClient(outdir = join(root, 'public', 'client'), { writeManifest = true } = {}) {
  mkdirSync(outdir, { recursive: true });
  const islands = discoverIslands();
  const pageEntries = discoverEntries();
  if (!pageEntries.site) throw new Error('client/entries/site.ts: the site-wide runtime is missing');
  const { results, lenders } = await buildSitePage(outdir, islands);
  // pages of their own (the editor frame): each built apart, lending and borrowing nothing
  const apart = [];
  for (const [name, source] of Object.entries(pageEntries)) {
    if (name === 'site') continue;
    apart.push(
      await build({
        ...common,
        entryPoints: { [name]: source },
        outdir,
        splitting: true,
        entryNames: '[name]-[hash]',
        chunkNames: `${name}-chunk-[hash]`,
      }),
    );
  }

  const outputs = Object.assign({}, ...[...results, ...apart].map((b) => b.metafile.outputs));
  const entryFile = (key) => {
    const file = Object.keys(outputs).find((f) => outputs[f].entryPoint === key);
    if (!file) throw new Error(`esbuild produced no output for ${key}`);
    return file;
  };
  const manifest = { build: '', entries: {}, islands: {} };
  for (const [name, source] of Object.entries(pageEntries)) {
    const lender = lenders.find((l) => l.name === name);
    manifest.entries[name] = lender ? lender.url : url(outdir, entryFile(rel(source)));
  }
  manifest.entries.loader = lenders.find((l) => l.name === 'loader').url;
  for (const name of Object.keys(islands)) {
    const file = entryFile(`${ISLAND_NAMESPACE}:${name}`);
    const atOnce = [...staticImportsOf(outputs, file)];
    // a React island (its chunk or what it imports holds React) waits for the visitor before it runs (the loader)
    const react = [file, ...atOnce].some((f) => Object.keys(outputs[f].inputs).some((i) => REACT_MODULE.test(i)));
    manifest.islands[name] = { src: url(outdir, file), imports: atOnce.map((f) => url(outdir, f)), react };
  }
  // CLIENT_COMPILE_HINT=off builds without it, for measuring what it costs and gains (bench/README.md)
  if (process.env.CLIENT_COMPILE_HINT !== 'off') hintEagerCompile(outdir, outputs, manifest);
  manifest.build = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
  if (writeManifest) {
    mkdirSync(join(MANIFEST_PATH, '..'), { recursive: true });
    writeFileSync(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(MODULES_PATH, `${JSON.stringify(modulesByUrl(outdir, outputs), null, 2)}\n`);
  }
  const js = (builds) => builds.flatMap((b) => Object.keys(b.metafile.outputs)).filter((f) => f.endsWith('.js'));
  return {
    manifest,
    outputs,
    /** the files each kind of page may download: a site page (any of them), and each page of its own */
    pageFiles: {
      site: js(results),
      ...Object.fromEntries(
        Object.keys(pageEntries)
          .filter((n) => n !== 'site')
          .map((n, i) => [n, js([apart[i]])]),
      ),
    },
    lent: Object.fromEntries(lenders.map((l) => [l.name, [...l.lent.keys()]])),
  };
}

/** V8's explicit compile hint: every function of the file is compiled when the file is, not at its first call. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The files only React islands load (React, react-dom, jotai, their views) start with V8's compile hint. They are
 * modulepreloaded as the island comes near the viewport and run at the visitor's first touch, when every function
 * React calls to hydrate would otherwise be compiled one by one on the main thread: in Chromium with a phone's 4x CPU
 * slowdown, the first click on fernwood's /exhibitions slider answered in 200-350 ms without the hint and 45-195 ms
 * with it (issue 28 §2). The runtime, the loader and plain islands' files run at load and keep V8's lazy default.
 */
function hintEagerCompile(outdir, outputs, manifest) {
  const byUrl = new Map(Object.keys(outputs).map((f) => [url(outdir, f), f]));
  const reactOnly = new Set();
  const others = new Set(Object.values(manifest.entries));
  for (const island of Object.values(manifest.islands)) {
    for (const u of [island.src, ...island.imports]) (island.react ? reactOnly : others).add(u);
  }
  for (const u of reactOnly) {
    const file = byUrl.get(u);
    if (others.has(u) || !file) continue;
    const text = readFileSync(join(root, file), 'utf8');
    if (!text.startsWith(EAGER_COMPILE_HINT)) writeFileSync(join(root, file), EAGER_COMPILE_HINT + text);
  }
}

/** Each built JavaScript file's URL → the source modules whose code it holds. */
export function modulesByUrl(outdir, outputs) {
  const map = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js')) continue;
    map[url(outdir, file)] = Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input)
      .sort();
  }
  return map;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { manifest, lent } = await buildClient();
  console.log(
    `public/client/ built: ${Object.keys(manifest.entries).length} entries, ${Object.keys(manifest.islands).length} islands; ` +
      Object.entries(lent)
        .map(([name, modules]) => `${name} lends ${modules.length} modules`)
        .join(', '),
  );
}
