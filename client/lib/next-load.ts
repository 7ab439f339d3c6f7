// Next-load actions (§4): actions queued in local storage under the product-prefixed key ending in
// '_actions_for_next_load' (shared/site-runtime.ts NEXT_LOAD_KEY) run once, by name, on the next page load. An
// on-demand chunk of the site runtime, loaded when an action is queued or the beta panel may queue one; the key is
// handed in (the chunk imports nothing the runtime's own file holds: client/lib/ui.ts says why).

type Action = (args: unknown) => void;

function stored(key: string): { name: string; args?: unknown }[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(list) ? list.filter((a) => typeof a?.name === 'string') : [];
  } catch {
    return [];
  }
}

/** Queues an action for the next page load. */
export function runOnNextLoad(key: string, name: string, args?: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify([...stored(key), { name, args }]));
  } catch {
    // no storage: the action is lost, as the page would lose it anyway
  }
}

/** Runs (once) what the last page queued; an action not among `actions` is dropped with a warning. */
export function runNextLoadActions(key: string, actions: Record<string, Action>): void {
  const list = stored(key);
  if (!list.length) return;
  try {
    localStorage.removeItem(key);
  } catch {
    return;
  }
  for (const { name, args } of list) {
    const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
    if (action) action(args);
    else console.warn(`No next-load action named '${name}'`);
  }
}
