// Vite's import.meta.glob, used by tests to find every module of a kind in the repository (vite transforms it at build).
interface ImportMeta {
  glob<T = unknown>(pattern: string | string[], options: { eager: true; import?: string }): Record<string, T>;
}
