// A twitter block's follow widget brought in (§7 Third-party loads, §9 Timings), a plain island: as the block comes
// near the viewport, and after consent where the site's restrictive cookie policy asks for it (the service sets
// cookies), the service's widget script, once per page, draws the account's Follow button; the block's link then
// steps aside. A script that has not drawn it within 10000 ms has failed (a late one draws nothing): the link stays.
import { trace } from '../../../client/lib/errors.ts';
import { afterConsent, loadScript, waitsForConsent } from '../../../client/ui/third-party.ts';
import { FOLLOW_WIDGET_ID, FOLLOW_WIDGET_SCRIPT, FOLLOW_WIDGET_TIMEOUT_MS } from './follow-widget.ts';
import type { FollowWidgetProps } from './follow-widget.view.tsx';

/** What the service's script puts on the page (its documented factory). */
interface Twttr {
  ready?: (run: (twttr: Twttr) => void) => void;
  widgets?: {
    createFollowButton(handle: string, target: Element, options: { showCount: boolean; lang: string }): Promise<Element | undefined>;
  };
}

let script: Promise<void> | undefined;

export function mount(element: Element, props: FollowWidgetProps): void {
  const mark = element.querySelector<HTMLElement>('.follow-widget');
  if (!mark) throw new Error('follow widget: no .follow-widget in the island');
  if (waitsForConsent()) mark.dataset.widget = 'consent';
  void afterConsent().then(async () => {
    mark.dataset.widget = 'loading';
    const slot = document.createElement('div');
    slot.className = 'follow-widget-button';
    mark.append(slot);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let late = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        late = true;
        reject(new Error(`no button within ${FOLLOW_WIDGET_TIMEOUT_MS} ms`));
      }, FOLLOW_WIDGET_TIMEOUT_MS);
    });
    const draw = async () => {
      script ??= loadScript(FOLLOW_WIDGET_SCRIPT, { id: FOLLOW_WIDGET_ID });
      await script;
      const loaded = (window as { twttr?: Twttr }).twttr;
      const twttr = await new Promise<Twttr | undefined>((resolve) => (loaded?.ready ? loaded.ready(resolve) : resolve(loaded)));
      if (late) return;
      if (!twttr?.widgets) throw new Error('the widget script drew nothing');
      const button = await twttr.widgets.createFollowButton(props.handle, slot, { showCount: false, lang: props.lang });
      if (!button) throw new Error('the widget script drew nothing');
    };
    try {
      await Promise.race([draw(), timeout]);
      mark.dataset.widget = 'loaded';
    } catch (error) {
      slot.remove();
      mark.dataset.widget = 'failed';
      trace('follow_widget_failed', { handle: props.handle, reason: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  });
}
