// The image block sized from its measured width (§2 Image block, §9 Breakpoints and Text sizing), a plain island that
// runs as the page loads: the block is marked narrow (`is-narrow`, whose CSS the block's styles hold) while it is under
// 415 px wide, whatever its column span, and its title and description shrink until their longest word fits (text
// shrink: 11 px at least, 100 ms after a resize, within 3 px), marked `data-text-size="min"` at 13 px or less. Without
// script the server's guess stands (narrow from the span) and long words break instead. A page opened with the hash of
// a block's lightbox (`#lightbox={block id}`, §2, §4) opens it: a click on the image, which the loader holds until the
// lightbox's island has hydrated.
import { atMinimumFont, fittedFontSize, isNarrowImageBlock, TEXT_SHRINK } from '../../../shared/text-fit.ts';
import { lightboxHash } from './lightbox-hash.ts';

const TEXTS = '.image-block-title,.image-block-caption-title,.image-block-description,.image-block-caption-text';

/** Shrinks one text to the largest size at which no word is wider than its box (words measured unbroken). */
function shrink(text: HTMLElement, block: HTMLElement): void {
  const style = text.style;
  style.fontSize = '';
  delete text.dataset.textSize;
  const natural = Number.parseFloat(getComputedStyle(text).fontSize);
  style.overflowWrap = 'normal';
  const size = fittedFontSize(natural, (px) => {
    style.fontSize = `${px}px`;
    return text.scrollWidth <= text.clientWidth && block.scrollWidth <= block.clientWidth;
  });
  style.overflowWrap = '';
  style.fontSize = size === natural ? '' : `${size}px`;
  if (size !== natural && atMinimumFont(size)) text.dataset.textSize = 'min';
}

function size(block: HTMLElement, width: number): void {
  block.classList.toggle('is-narrow', isNarrowImageBlock(width));
  for (const text of block.querySelectorAll<HTMLElement>(TEXTS)) shrink(text, block);
  block.dataset.fitted = '';
}

export function mount(element: Element): void {
  const wrapper = element.closest<HTMLElement>('.block');
  const block = wrapper?.querySelector<HTMLElement>('.image-block');
  if (!wrapper || !block) return;
  if (location.hash === `#${lightboxHash(wrapper.id.replace(/^block-/, ''))}`) {
    const opener = block.querySelector<HTMLElement>('.image-block-lightbox');
    opener?.scrollIntoView({ block: 'center' });
    opener?.click();
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -1;
  // only a change of width counts: the text sized here changes the block's height, which would start it over
  new ResizeObserver(([entry]) => {
    const width = entry!.borderBoxSize[0]?.inlineSize ?? block.getBoundingClientRect().width;
    if (width === last) return;
    const first = last < 0;
    last = width;
    clearTimeout(timer);
    if (first) size(block, width);
    else timer = setTimeout(() => size(block, width), TEXT_SHRINK.debounceMs);
  }).observe(block);
}
