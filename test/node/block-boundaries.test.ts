// A block's behaviour lives in its block (issue 27): for the gallery, the form and the product, no file outside the
// block's folder imports its internals. Outside code sees a block through its faces only: `index.ts` (the server
// side: the definition and what pages draw of it), `<name>.view.tsx` (the props-only view, the island contract the
// server and the browser share) and `<name>.client.ts(x)` (what other browser code may use). A change inside the folder
// then touches nothing else but the shared kit the block itself imports.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCES = ['worker', 'client', 'shared', 'scripts'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : files(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

/** Every relative module a file imports (static, dynamic and type imports, and re-exports), resolved to a repo path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(ROOT, resolve(dirname(file), s)));
}

const faceOf = (block: string, path: string) => {
  const name = path.slice(`worker/blocks/${block}/`.length);
  return name === 'index.ts' || name === `${block}.view.tsx` || name === `${block}.client.ts` || name === `${block}.client.tsx`;
};

/** The files outside a block's folder that import one of its internals, with what they import. */
function reachingIn(block: string): string[] {
  const folder = `worker/blocks/${block}/`;
  const found: string[] = [];
  for (const dir of SOURCES) {
    for (const file of files(join(ROOT, dir))) {
      const path = relative(ROOT, file);
      if (path.startsWith(folder)) continue;
      for (const target of importsOf(file)) if (target.startsWith(folder) && !faceOf(block, target)) found.push(`${path} -> ${target}`);
    }
  }
  return found;
}

describe('a block is one folder', () => {
  it.each(['gallery', 'form', 'product'])('no file outside worker/blocks/%s/ imports its internals', (block) => {
    expect(reachingIn(block)).toEqual([]);
  });

  it('sees an import of an internal when there is one (the check can fail)', () => {
    const internals = files(join(ROOT, 'worker/blocks/product'))
      .map((f) => relative(ROOT, f))
      .filter((p) => !faceOf('product', p));
    expect(internals.length).toBeGreaterThan(3);
    // the product block's own files reach each other's internals: seen from outside, they would be listed
    const inside = files(join(ROOT, 'worker/blocks/product')).flatMap((f) => importsOf(f).filter((t) => internals.includes(t)));
    expect(inside.length).toBeGreaterThan(0);
  });
});
