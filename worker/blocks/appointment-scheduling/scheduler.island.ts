// The scheduling service's embed brought in (§7 Third-party loads), a plain island: as the block comes near the
// viewport, and after consent where the site's restrictive cookie policy asks for it (the service sets cookies), the
// booking page's scheduler in a sandboxed frame and the service's embed script, which sizes it. The block's link to the
// booking page stays, for a visitor without script or before consent.
import { trace } from '../../../client/lib/errors.ts';
import { afterConsent, loadScript, waitsForConsent } from '../../../client/ui/third-party.ts';
import { SCHEDULER_SANDBOX, SCHEDULER_SCRIPT } from './scheduler.ts';
import type { SchedulerProps } from './scheduler.view.tsx';

/** The frame's height until the service's script sizes it to the scheduler. */
const FRAME_HEIGHT = 800;

export function mount(element: Element, props: SchedulerProps): void {
  const slot = element.querySelector<HTMLElement>('.appointments-embed');
  if (!slot) throw new Error('scheduler: no .appointments-embed in the island');
  if (waitsForConsent()) slot.dataset.embed = 'consent';
  void afterConsent().then(async () => {
    slot.dataset.embed = 'loading';
    const frame = document.createElement('iframe');
    frame.src = props.bookingUrl;
    frame.title = `Schedule an appointment with ${props.businessName}`;
    frame.width = '100%';
    frame.height = String(FRAME_HEIGHT);
    frame.setAttribute('sandbox', SCHEDULER_SANDBOX);
    slot.append(frame);
    try {
      await loadScript(SCHEDULER_SCRIPT, { parent: slot });
      slot.dataset.embed = 'loaded';
    } catch {
      // the frame works without the script that sizes it
      slot.dataset.embed = 'unsized';
      trace('scheduler_script_failed', { bookingUrl: props.bookingUrl });
    }
  });
}
