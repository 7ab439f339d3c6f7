// The like button of an item page (§2 likes, §3 engagement event Like), a plain island: a like is this browser's
// (remembered in local storage, so a visitor's like survives a reload and counts once) and is recorded as the Like
// event. The button stays disabled until the island knows whether this browser liked the item.
import { recordEvent } from '../../../client/lib/analytics.ts';
import { PRODUCT_KEY } from '../../../shared/site-runtime.ts';
import { likeCount, likeLabel, likeNote } from './engagement-text.ts';
import type { LikeProps } from './engagement.view.tsx';

const LIKED_KEY = `${PRODUCT_KEY}_liked_items`;

function likedItems(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(LIKED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function mount(element: Element, props: LikeProps): void {
  const button = element.querySelector<HTMLButtonElement>('.like-button');
  if (!button) throw new Error('like button: no .like-button in the island');
  const label = button.querySelector('.like-label');
  const number = button.querySelector('.like-count');
  const note = button.querySelector('.visually-hidden');
  let liked = likedItems().includes(props.itemId);
  // the same words and attributes the server's view (LikeView) draws
  const draw = () => {
    const count = likeCount(props.count, liked);
    button.setAttribute('aria-pressed', String(liked));
    button.dataset.liked = String(liked);
    if (label) label.textContent = likeLabel(liked);
    if (number) number.textContent = String(count);
    if (note) note.textContent = likeNote(count, props.title);
  };
  button.addEventListener('click', () => {
    liked = !liked;
    draw();
    const others = likedItems().filter((id) => id !== props.itemId);
    try {
      localStorage.setItem(LIKED_KEY, JSON.stringify(liked ? [...others, props.itemId].slice(-500) : others));
    } catch {
      // no storage: the like lasts as long as the page
    }
    if (liked) recordEvent('Like', { itemId: props.itemId });
  });
  draw();
  button.disabled = false;
}
