// The island loader: plain TypeScript, no React, emitted only on pages that rendered an island. It reads the page's
// island props, schedules each island by its `when`, imports its chunk and mounts it (docs/blocks-and-islands.md).
// A React island runs only at the visitor's first touch inside it (an autoplaying gallery: after the load event); its
// `when` says when its code is fetched ahead of that without running it (modulepreload, after the load event), so the
// touch does not wait on the network. Until an island has hydrated, the server HTML is the island: the touch starts it
// and a click is replayed when the island is ready (or, if its chunk cannot be loaded, goes through to the plain HTML
// link). The same "wake on first touch, hold, replay" is handed to each island's mount, for a part it brings to life
// later.
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
import { isFieldClick } from './field-click.ts';

/**
 * What the loader hands each island's mount: its "wake on first touch, hold, replay", for a part of the island that
 * comes to life later than the island itself (the popup overlay's signup, hydrated with React when the visitor turns to
 * it).
 */
export interface IslandLoader {
  /**
   * Runs `load` once: at the first pointer, focus, key or click inside `part`, or at once with `now`. A plain click
   * inside it before `load` has settled is held and replayed, where it happened, once it has (a modified click, to open
   * a tab, goes through); if `load` fails or has not settled within the §9 chunk time-out, the failure is reported as
   * the island's chunk and the held click goes through to the plain HTML. The part's data-island-state says loading,
   * hydrated or failed.
   */
  wake(part: HTMLElement, load: () => Promise<unknown>, now?: boolean): void;
}

interface IslandChunk {
  mount(element: Element, props: unknown, loader: IslandLoader): void;
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

const WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'];

/** Calls `go` with the first pointer, focus, key or click event inside `element`. */
function onFirstTouch(element: HTMLElement, go: (event: Event) => void): void {
  for (const type of WAKE_EVENTS) element.addEventListener(type, go, { once: true, capture: true });
}

/**
 * Brings `element` to life with `load`, once: until `load` has settled, a plain click inside it is held (`trigger` is
 * the event that started it, being dispatched now, which listeners added now would not see), then replayed.
 */
function awaken(element: HTMLElement, load: () => Promise<unknown>, trigger?: Event): void {
  if (element.dataset.islandState) return;
  element.dataset.islandState = 'loading';
  let held: MouseEvent | undefined;
  // a plain click before the element is alive waits for it (a modified click opens a tab, as the browser wants)
  // (Enter in a form's field is a click on its submit button: a form sent before it is alive waits too)
  const hold = (event: MouseEvent) => {
    if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    // a tick, a pick or a caret is the browser's: the island reads the field when it wakes
    if (isFieldClick(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    held = event;
  };
  element.addEventListener('click', hold, true);
  if (trigger?.type === 'click') hold(trigger as MouseEvent);
  const release = (state: string) => {
    element.removeEventListener('click', hold, true);
    element.dataset.islandState = state;
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
  load().then(
    () => release('hydrated'),
    () => release('failed'),
  );
}

/** The loader as one island's mount sees it: parts it wakes are reported under the island's name. */
const loaderFor = (name: string): IslandLoader => ({
  wake(part, load, now) {
    const go = (event?: Event) =>
      awaken(
        part,
        () =>
          Promise.race([load(), timeout(CHUNK_TIMEOUT_MS)]).catch((error: unknown) => {
            console.error(chunkFailedMessage(name));
            throw error;
          }),
        event,
      );
    if (now) go();
    else onFirstTouch(part, go);
  },
});

function start(island: HTMLElement, trigger?: Event): void {
  const name = island.getAttribute(ISLAND_NAME_ATTR)!;
  const props = payload?.props[Number(island.getAttribute(ISLAND_ID_ATTR))];
  // §8's gallery messages, for any island: data that cannot be read, data that is not there
  const problem = !payload
    ? `Error decoding ${name} block data.`
    : props === null || typeof props !== 'object' || !payload.chunks[name]
      ? `Error evaluating ${name} block data.`
      : '';
  awaken(
    island,
    async () => {
      if (problem) {
        console.error(problem);
        throw new Error(problem);
      }
      // chunk() reports a chunk that fails; the server HTML stays as it is
      const module = await chunk(name);
      try {
        module.mount(island, props, loaderFor(name));
      } catch (error) {
        console.error(error);
        throw error;
      }
    },
    trigger,
  );
}

const preloaded = new Set<string>();
// a nonced page (strict-dynamic) lets a preload through by the nonce of the script that inserts it
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';

/**
 * Fetches a React island's chunk and every file it imports before it runs, without running any of them: one link per
 * task, since each link costs the main thread the start of its fetch (a gallery's 16 files in one task were a long
 * task on a phone's CPU). A touch before the last one is in imports what is missing itself.
 */
function preload(island: HTMLElement): void {
  const name = island.getAttribute(ISLAND_NAME_ATTR)!;
  const files = [payload!.chunks[name]!, ...(payload!.imports[name] ?? [])].filter((href) => !preloaded.has(href));
  for (const href of files) preloaded.add(href);
  const next = () => {
    const href = files.shift();
    if (href === undefined) return;
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, nonce }));
    setTimeout(next);
  };
  next();
}

let observer: IntersectionObserver | undefined;
/** What each island does as it comes near the viewport: start (a plain island) or preload (a React one). */
const onVisible = new Map<Element, (island: HTMLElement) => void>();

for (const island of document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[${ISLAND_NAME_ATTR}]`)) {
  // islands inside islands are rendered by their parent
  if (island.parentElement?.closest(ISLAND_TAG)) continue;
  // §8: nothing to bring to life
  if (!island.firstElementChild) {
    console.error('Returning, no wrapper found.');
    island.dataset.islandState = 'failed';
    continue;
  }
  const go = () => start(island);
  onFirstTouch(island, (event) => start(island, event));
  const when = island.getAttribute(ISLAND_WHEN_ATTR);
  const visible = (then: (island: HTMLElement) => void) => {
    onVisible.set(island, then);
    // the island element has no box of its own (display: contents): its children are what comes into view
    observer ??= new IntersectionObserver(
      (seen) => {
        for (const entry of seen) {
          const root = entry.target.closest<HTMLElement>(ISLAND_TAG)!;
          if (!entry.isIntersecting || !onVisible.has(root)) continue;
          onVisible.get(root)!(root);
          onVisible.delete(root);
        }
      },
      { rootMargin: VISIBLE_ROOT_MARGIN },
    );
    for (const child of island.children) observer.observe(child);
  };
  const idle = (then: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 200);
  if (payload?.react.includes(island.getAttribute(ISLAND_NAME_ATTR)!)) {
    // React: the first touch hydrates it (above); until then its code is only fetched, once the page has loaded
    const later = () => (when === 'load' ? go() : when === 'idle' ? idle(() => preload(island)) : when === 'visible' && visible(preload));
    if (document.readyState === 'complete') later();
    else addEventListener('load', later, { once: true });
  } else if (when === 'load') go();
  else if (when === 'idle') idle(go);
  else if (when === 'visible') visible(go);
  // 'interaction': the first touch (above)
}
