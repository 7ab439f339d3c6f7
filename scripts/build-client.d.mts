// The types of what scripts/build-client.mjs exports to the TypeScript scripts (npm run dev rebuilds through it).
export interface ClientManifest {
  build: string;
  entries: Record<string, string>;
  islands: Record<string, { src: string; imports: string[] }>;
}
/** worker/generated/client-manifest.json, which the Worker imports. */
export const MANIFEST_PATH: string;
/** Builds the browser code into `outdir` and returns its manifest (written to MANIFEST_PATH unless told not to). */
export function buildClient(outdir?: string, options?: { writeManifest?: boolean }): Promise<{ manifest: ClientManifest }>;
