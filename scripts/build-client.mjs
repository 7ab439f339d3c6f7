// Bundles the client entry points with esbuild into public/client/{name}.js (minified ES modules, production React),
// the URLs worker/client-assets.ts names. Run by build-assets.mjs; `node scripts/build-client.mjs` builds them alone.
import { build } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');

/** Entry name (served at /client/{name}.js) → source file. */
export const CLIENT_ENTRIES = {
  'site-keys': 'client/site-keys.ts',
  editor: 'client/editor/main.tsx',
};

export async function buildClient(outdir = join(root, 'public', 'client')) {
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(CLIENT_ENTRIES).map(([name, file]) => [name, join(root, file)])),
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    minify: true,
    jsx: 'automatic',
    tsconfig: join(root, 'client', 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildClient();
  console.log('public/client/ built');
}
