// Next-load actions (§4): actions registered by name can be queued in local storage (under the product-prefixed key
// ending in '_actions_for_next_load') and run once on the next page load.
import { NEXT_LOAD_KEY } from '../../shared/site-runtime.ts';

type Action = (args: unknown) => void;
const actions = new Map<string, Action>();

export function registerNextLoadAction(name: string, action: Action): void {
  actions.set(name, action);
}

function stored(): { name: string; args?: unknown }[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(NEXT_LOAD_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((a) => typeof a?.name === 'string') : [];
  } catch {
    return [];
  }
}

/** Queues a registered action for the next page load. */
export function runOnNextLoad(name: string, args?: unknown): void {
  try {
    localStorage.setItem(NEXT_LOAD_KEY, JSON.stringify([...stored(), { name, args }]));
  } catch {
    // no storage: the action is lost, as the page would lose it anyway
  }
}

/** Runs (once) what the last page queued; an action nobody registered is dropped with a warning. */
export function runNextLoadActions(): void {
  const list = stored();
  if (!list.length) return;
  try {
    localStorage.removeItem(NEXT_LOAD_KEY);
  } catch {
    return;
  }
  for (const { name, args } of list) {
    const action = actions.get(name);
    if (action) action(args);
    else console.warn(`No next-load action named '${name}'`);
  }
}
