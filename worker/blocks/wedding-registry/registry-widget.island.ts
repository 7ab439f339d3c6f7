// The registry service's widget brought in (§7 Third-party loads), a plain island: as the block comes near the
// viewport, and after consent where the site's restrictive cookie policy asks for it (the service sets cookies), the
// service's widget script, once per page, which puts each marked registry link's registry in its place. Until then, or
// if it fails, the links lead to the registries.
import { trace } from '../../../client/lib/errors.ts';
import { afterConsent, loadScript, waitsForConsent } from '../../../client/ui/third-party.ts';
import { REGISTRY_WIDGET_ID, REGISTRY_WIDGET_SCRIPT } from './registry-widget.ts';
import type { RegistryWidgetProps } from './registry-widget.view.tsx';

export function mount(element: Element, props: RegistryWidgetProps): void {
  const mark = element.querySelector<HTMLElement>('.registry-widget');
  if (!mark) throw new Error('registry widget: no .registry-widget in the island');
  if (waitsForConsent()) mark.dataset.widget = 'consent';
  void afterConsent().then(async () => {
    // another registry block on the page has loaded it: it drew every marked link
    if (document.getElementById(REGISTRY_WIDGET_ID)) {
      mark.dataset.widget = 'loaded';
      return;
    }
    mark.dataset.widget = 'loading';
    try {
      await loadScript(REGISTRY_WIDGET_SCRIPT, { id: REGISTRY_WIDGET_ID });
      mark.dataset.widget = 'loaded';
    } catch {
      mark.dataset.widget = 'failed';
      trace('registry_widget_failed', { registries: props.keys });
    }
  });
}
