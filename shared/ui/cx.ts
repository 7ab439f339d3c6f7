// Joins class names, skipping empty ones: for server components and the props-only views a client may hydrate.

export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
