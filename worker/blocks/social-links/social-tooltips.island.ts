// The social icons' tooltips (§9 Tooltips), a plain island started when the browser is idle (it draws nothing the loader could watch come into view): each icon's
// words (the service's name) in a tooltip for a mouse that rests on it, as the icons show no words of their own.
import { attachTooltips } from '../../../client/ui/tooltip.ts';

export function mount(element: Element): void {
  attachTooltips(element.closest('.cb-social-tooltips') ?? element.parentElement ?? element);
}
