// Where the client bundles are served: public/client/{name}.js, built from client/ by scripts/build-client.mjs.

/** The client entry points; each is one ES module the page loads with this response's nonce. */
export type ClientEntry = 'site-keys' | 'editor';

export function clientScriptUrl(name: ClientEntry): string {
  return `/client/${name}.js`;
}
