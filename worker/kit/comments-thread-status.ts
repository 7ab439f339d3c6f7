// What the line above an item's comment thread says as the thread goes (comments-thread.view.tsx draws the first,
// comments-thread.island.ts the rest): a module of its own, so the plain island imports no view and no React.
export const THREAD_STATUS = {
  server: 'The comments come from Disqus and show here with JavaScript on.',
  consent: 'The comments come from Disqus, which sets cookies: they show here once you accept cookies.',
  loading: 'Loading the comments…',
  failed: 'The comments could not be loaded. Please try again later.',
} as const;
