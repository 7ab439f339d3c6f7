// Tooltips (§2 Overlays and surfaces, §4 Pop-ups and tooltips, §8, §9): the words of an element marked
// `data-tooltip`, shown in a small box (style info, at most 250 px wide) once the mouse has rested on it for 1200 ms,
// 15 px from the pointer and 20 px inside the viewport's edges (shared/tooltip.ts), or below it after the same wait
// when the keyboard brings the focus to it. It goes when the pointer leaves or presses, the focus leaves, Escape is
// pressed or the page scrolls, and none shows while a modal dialog is open (§4: tooltips are off while a dialog says
// so). A scope with no target in it logs a console warning (§8 Missing tooltip target). One box per page, for the
// islands that mark elements (the social links' icons).
import { TOOLTIP, tooltipPosition } from '../../shared/tooltip.ts';

let box: HTMLElement | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let pointer = { x: 0, y: 0 };
let listening = false;

function hide(): void {
  clearTimeout(timer);
  timer = undefined;
  box?.remove();
}

function show(target: HTMLElement, at: { x: number; y: number }): void {
  const text = target.dataset.tooltip;
  if (!text || !target.isConnected || document.querySelector('dialog:modal')) return;
  box ??= Object.assign(document.createElement('div'), { className: `site-tooltip tooltip-${TOOLTIP.style}`, id: 'site-tooltip' });
  box.setAttribute('role', 'tooltip');
  box.textContent = text;
  document.body.append(box);
  const { left, top } = tooltipPosition(
    { width: box.offsetWidth, height: box.offsetHeight },
    { width: document.documentElement.clientWidth, height: innerHeight },
    at,
  );
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

function schedule(target: HTMLElement, at: () => { x: number; y: number }): void {
  hide();
  timer = setTimeout(() => show(target, at()), TOOLTIP.showDelayMs);
}

/** Gives every `[data-tooltip]` element in the scope its tooltip. */
export function attachTooltips(scope: Element): void {
  const targets = scope.querySelectorAll<HTMLElement>('[data-tooltip]');
  if (!targets.length) {
    console.warn('Tooltip target not found in', scope);
    return;
  }
  if (!listening) {
    listening = true;
    // §4: Escape acts on the first open target: a tooltip shown takes it, and the Escape chain does nothing more
    addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape') return;
        if (box?.isConnected) event.preventDefault();
        hide();
      },
      true,
    );
    addEventListener('scroll', hide, { passive: true, capture: true });
  }
  for (const target of targets) {
    target.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'mouse') return;
      pointer = { x: event.clientX, y: event.clientY };
      schedule(target, () => pointer);
    });
    // the box comes where the mouse rests at the end of the wait
    target.addEventListener('pointermove', (event) => (pointer = { x: event.clientX, y: event.clientY }));
    target.addEventListener('pointerleave', hide);
    target.addEventListener('pointerdown', hide);
    target.addEventListener('focus', () => {
      if (!target.matches(':focus-visible')) return;
      schedule(target, () => {
        const r = target.getBoundingClientRect();
        return { x: r.left - TOOLTIP.mouseOffset, y: r.bottom };
      });
    });
    target.addEventListener('blur', hide);
  }
}
