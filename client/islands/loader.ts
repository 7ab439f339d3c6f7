// The island loader: plain TypeScript, no React, emitted only on pages that rendered an island. It reads the page's
// island props, schedules each island by its `when`, imports its chunk and mounts it (docs/blocks-and-islands.md).
// Until an island has hydrated, the server HTML is the island: a click inside it starts the load at once and is
// replayed when the island is ready (or, if its chunk cannot be loaded, goes through to the plain HTML link).
import {
  CHUNK_TIMEOUT_MS,
  ISLAND_ID_ATTR,
  ISLAND_NAME_ATTR,
  ISLAND_TAG,
  ISLAND_WHEN_ATTR,
  ISLANDS_ELEMENT_ID,
  VISIBLE_ROOT_MARGIN,
  chunkFailedMessage,
  decodeIslands,
} from '../../shared/islands/protocol.ts';

interface IslandChunk {
  mount(element: Element, props: unknown): void;
}

let payload: ReturnType<typeof decodeIslands> | undefined;
try {
  payload = decodeIslands(document.getElementById(ISLANDS_ELEMENT_ID)!.textContent!);
} catch {
  // §8 (gallery): the islands' data cannot be read; each stays as the server drew it
}
const chunks = new Map<string, Promise<IslandChunk>>();

const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(reject, ms, new Error('timed out')));

/**
 * An island's chunk, imported once per page. A failed import is retried once (under another URL: a module map keeps
 * a failed URL failed); a chunk that has not come within the §9 time-out, or failed twice, is reported.
 */
function chunk(name: string): Promise<IslandChunk> {
  let loading = chunks.get(name);
  if (!loading) {
    const src = payload!.chunks[name]!;
    const deadline = timeout(CHUNK_TIMEOUT_MS);
    loading = Promise.race([import(src).catch(() => import(`${src}?retry=1`)), deadline]) as Promise<IslandChunk>;
    loading.catch(() => console.error(chunkFailedMessage(name)));
    chunks.set(name, loading);
  }
  return loading;
}

function start(island: HTMLElement, trigger?: Event): void {
  if (island.dataset.islandState) return;
  island.dataset.islandState = 'loading';
  let held: MouseEvent | undefined;
  // a plain click before the island is alive waits for it (a modified click opens a tab, as the browser wants)
  const hold = (event: MouseEvent) => {
    if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    held = event;
  };
  island.addEventListener('click', hold, true);
  // (Enter in a form's field is a click on its submit button: a form sent before the island is alive waits too)
  // the click that started it is being dispatched: listeners added now would not see it
  if (trigger?.type === 'click') hold(trigger as MouseEvent);
  const release = (state: string) => {
    island.removeEventListener('click', hold, true);
    island.dataset.islandState = state;
    // the same click again, where it happened (a link follows it, the island's handler sees it); any element, SVG too
    held?.target?.dispatchEvent(
      new MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        composed: true,
        view: window,
        clientX: held.clientX,
        clientY: held.clientY,
        screenX: held.screenX,
        screenY: held.screenY,
      }),
    );
  };
  const name = island.getAttribute(ISLAND_NAME_ATTR)!;
  const props = payload?.props[Number(island.getAttribute(ISLAND_ID_ATTR))];
  // §8's gallery messages, for any island: data that cannot be read, data that is not there
  const problem = !payload
    ? `Error decoding ${name} block data.`
    : props === null || typeof props !== 'object' || !payload.chunks[name]
      ? `Error evaluating ${name} block data.`
      : '';
  if (problem) {
    console.error(problem);
    return release('failed');
  }
  chunk(name).then(
    (module) => {
      try {
        module.mount(island, props);
        release('hydrated');
      } catch (error) {
        console.error(error);
        release('failed');
      }
    },
    // chunk() has reported it; the server HTML stays as it is
    () => release('failed'),
  );
}

let observer: IntersectionObserver | undefined;

for (const island of document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[${ISLAND_NAME_ATTR}]`)) {
  // islands inside islands are rendered by their parent
  if (island.parentElement?.closest(ISLAND_TAG)) continue;
  // §8: nothing to bring to life
  if (!island.firstElementChild) {
    console.error('Returning, no wrapper found.');
    island.dataset.islandState = 'failed';
    continue;
  }
  const go = (event?: Event) => start(island, event);
  for (const type of ['pointerdown', 'focusin', 'keydown', 'click']) island.addEventListener(type, go, { once: true, capture: true });
  switch (island.getAttribute(ISLAND_WHEN_ATTR)) {
    case 'load':
      go();
      break;
    case 'idle':
      if ('requestIdleCallback' in window) requestIdleCallback(() => go(), { timeout: 2000 });
      else setTimeout(() => go(), 200);
      break;
    case 'visible':
      // the island element has no box of its own (display: contents): its children are what comes into view
      observer ??= new IntersectionObserver(
        (seen) => {
          for (const entry of seen) {
            if (!entry.isIntersecting) continue;
            const root = entry.target.closest<HTMLElement>(ISLAND_TAG)!;
            for (const child of root.children) observer!.unobserve(child);
            start(root);
          }
        },
        { rootMargin: VISIBLE_ROOT_MARGIN },
      );
      for (const child of island.children) observer.observe(child);
      break;
    default:
    // 'interaction': the listeners above
  }
}
