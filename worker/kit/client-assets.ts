// Where the browser code is served: content-hashed modules under /client/, named by the build manifest that
// scripts/build-client.mjs writes (worker/generated/client-manifest.json; built by `npm run build:assets`, which
// every command that runs the Worker does first).
import manifest from '../generated/client-manifest.json';

/** A page entry of client/entries/ (site, editor) or the island loader. */
export type ClientEntry = keyof typeof manifest.entries;

export function clientScriptUrl(name: ClientEntry): string {
  return manifest.entries[name];
}

/**
 * An island's chunk, the chunks it imports before it runs and whether they bring React; undefined for a name the build
 * has no island for.
 */
export function islandChunk(name: string): { src: string; imports: readonly string[]; react: boolean } | undefined {
  return Object.hasOwn(manifest.islands, name) ? manifest.islands[name as keyof typeof manifest.islands] : undefined;
}

/** A fingerprint of every client module: part of the page-cache key, so no cached page names a chunk of another build. */
export const CLIENT_BUILD: string = manifest.build;
