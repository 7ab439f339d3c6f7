// Which hosts are local (no Secure cookies, no HSTS) in development and tests.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/** The bare local names on which the index of published sites is served. */
export function isIndexHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname);
}
