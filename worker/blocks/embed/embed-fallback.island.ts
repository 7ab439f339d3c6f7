// The embed block's fallback brought to life, a plain island started as the block comes into view: when the frame has
// not loaded within EMBED_TIMEOUT_MS (its host cannot be reached, or does not answer), the block is marked unreachable
// and its CSS shows the embed's name and link over the frame; a load, even a late one, marks it loaded and hides them.
// A host that refuses at once loads the browser's own error page in the frame, which counts as loaded: no page can
// tell a cross-origin frame's error page from its content.
import { EMBED_TIMEOUT_MS } from './embed-timeout.ts';

/** Whether the frame has left the empty document it starts with (a cross-origin document is not ours to read). */
function hasLoaded(frame: HTMLIFrameElement): boolean {
  try {
    const doc = frame.contentDocument;
    return !doc || (doc.readyState === 'complete' && doc.URL !== 'about:blank');
  } catch {
    return true;
  }
}

export function mount(element: Element): void {
  const block = element.closest<HTMLElement>('.embed-block');
  const frame = block?.querySelector('iframe');
  if (!block || !frame) return;
  let loaded = false;
  const mark = () => {
    loaded = true;
    block.dataset.embed = 'loaded';
  };
  if (hasLoaded(frame)) {
    mark();
    return;
  }
  frame.addEventListener('load', mark, { once: true });
  setTimeout(() => {
    if (!loaded) block.dataset.embed = 'unreachable';
  }, EMBED_TIMEOUT_MS);
}
