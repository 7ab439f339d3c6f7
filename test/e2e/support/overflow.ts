// What sticks out past the edges of a phone-width viewport: run inside the page with page.evaluate(measureOverflow).

export interface Overflow {
  /** documentElement.scrollWidth - clientWidth: how far the page lets a visitor scroll sideways */
  scrollOverflow: number;
  /** the outermost elements and the lines of text whose box reaches past the viewport, as `tag#id.class «text» [left, right]` */
  offenders: string[];
}

/**
 * Measures horizontal overflow at the current viewport width. An element, or a line of text, counts when its box is
 * visible and reaches more than half a pixel past the viewport's left or right edge, unless:
 * - an ancestor clips or scrolls it horizontally (overflow-x other than visible): a carousel, a wide table or a code
 *   block in an overflow-x:auto wrapper scrolls inside its own box by design, and a clipped box shows nothing past its
 *   own edge. That ancestor is measured itself, so it must fit. The root and body do not count as such an ancestor:
 *   `overflow-x: hidden` there would only hide the very overflow this looks for;
 * - it shows nothing: display none, visibility hidden, opacity 0, an empty box, or the visually-hidden pattern (a 1px
 *   box, clipped) of screen-reader text;
 * - it is parked wholly beyond the left edge by absolute or fixed positioning, the usual way to keep a skip link out
 *   of sight until it is focused. Nothing can scroll to it (the page does not scroll left of 0), so it is not content
 *   cut off by the width; anything partly inside the left edge still counts.
 */
export function measureOverflow(): Overflow {
  const root = document.documentElement;
  const width = root.clientWidth;
  const offenders: string[] = [];
  const offending: Element[] = [];

  const label = (el: Element, text?: string | null) => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const words = (text ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls}${words ? ` «${words}»` : ''}`;
  };
  const outside = (left: number, right: number) => right > width + 0.5 || left < -0.5;

  /** whether this element's own box shows nothing (its children may still show, e.g. under visibility: hidden) */
  const shows = (style: CSSStyleDeclaration, rect: DOMRect) =>
    style.visibility === 'visible' &&
    Number(style.opacity) > 0 &&
    rect.width > 0 &&
    rect.height > 0 &&
    !(rect.width <= 1 && rect.height <= 1) &&
    !(style.position === 'absolute' && (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)'));

  /** whether the box sits inside something that clips or scrolls it horizontally (not the root or body) */
  const insideScroller = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    }
    return false;
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node.nodeType !== Node.ELEMENT_NODE) return NodeFilter.FILTER_ACCEPT;
      const el = node as Element;
      const style = getComputedStyle(el);
      if (style.display === 'none' || Number(style.opacity) === 0) return NodeFilter.FILTER_REJECT;
      // an <svg>'s shapes are measured as the <svg>
      if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) return NodeFilter.FILTER_REJECT;
      const rect = el.getBoundingClientRect();
      if ((style.position === 'absolute' || style.position === 'fixed') && rect.right <= 0) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });

  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      const style = getComputedStyle(parent);
      // text clipped or scrolled by its own element shows nothing past that element's edge
      if (style.visibility !== 'visible' || style.overflowX !== 'visible' || insideScroller(parent)) continue;
      if (offending.some((o) => o.contains(parent))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const line = [...range.getClientRects()].find((r) => r.width > 0 && outside(r.left, r.right));
      if (line) offenders.push(`text in ${label(parent, node.textContent)} [${Math.round(line.left)}, ${Math.round(line.right)}]`);
      continue;
    }
    const el = node as Element;
    const rect = el.getBoundingClientRect();
    if (!shows(getComputedStyle(el), rect) || !outside(rect.left, rect.right) || insideScroller(el)) continue;
    // a box inside one already listed adds nothing to read
    if (!offending.some((o) => o.contains(el))) offenders.push(`${label(el)} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`);
    offending.push(el);
  }
  return { scrollOverflow: root.scrollWidth - root.clientWidth, offenders };
}
