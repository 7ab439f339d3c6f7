// An item's comment thread brought to life (§2 Comment links, §7 Third-party loads), a plain island: when the thread
// comes near the viewport, and after consent where the site's restrictive cookie policy asks for it (the service sets
// cookies), it hands the service the thread's page and loads the service's embed script, which fills the thread
// element. The line above the thread says what is happening; a script that fails says so there and sends a trace.
import { trace } from '../../client/lib/errors.ts';
import { afterConsent, loadScript, waitsForConsent } from '../../client/ui/third-party.ts';
import { THREAD_STATUS } from './comments-thread-status.ts';
import type { CommentsThreadProps } from './comments-thread.view.tsx';

/** The embed's configuration, as the service's own snippet sets it: read by its script when it runs. */
interface ServiceConfig {
  page: { url?: string; identifier?: string; title?: string };
}

export function mount(element: Element, props: CommentsThreadProps): void {
  const status = element.querySelector<HTMLElement>('.comments-status');
  const say = (text: string | null) => {
    if (!status) return;
    status.hidden = text === null;
    status.textContent = text ?? '';
  };
  if (waitsForConsent()) say(THREAD_STATUS.consent);
  void afterConsent().then(async () => {
    say(THREAD_STATUS.loading);
    (window as unknown as { disqus_config: (this: ServiceConfig) => void }).disqus_config = function (this: ServiceConfig) {
      this.page.url = props.url;
      this.page.identifier = props.identifier;
      this.page.title = props.title;
    };
    try {
      await loadScript(`https://${props.shortname.toLowerCase()}.disqus.com/embed.js`, {
        attributes: { 'data-timestamp': String(Date.now()) },
      });
      say(null);
    } catch {
      say(THREAD_STATUS.failed);
      trace('comments_thread_failed', { shortname: props.shortname });
    }
  });
}
