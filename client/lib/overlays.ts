// The site-wide overlays the runtime draws or wires (§4): the cookie notice, the announcement bar's close button and
// the licensed-assets bar. An on-demand chunk of the site runtime (client/entries/site.ts), loaded only on pages that
// show one of them; what happens on accept and dismiss is the runtime's, handed in (this chunk imports nothing the
// runtime's own file holds: client/lib/ui.ts says why).

/**
 * §4 Cookie notice, drawn with its §9 text, button and position. It comes first: the popup overlay waits for its
 * answer (the runtime's onAccept tells the page: client/page.ts), so nothing makes the page inert under it on a first visit. Whatever is visible
 * works: while a modal dialog the visitor opened (a lightbox, a quick view, an alert) makes the rest of the page inert,
 * the notice steps aside rather than show a button that does nothing, and comes back when the dialog closes.
 */
export function drawCookieNotice(notice: { position: string; text: string; buttonLabel: string }, onAccept: () => void): void {
  const box = document.createElement('section');
  box.className = `cookie-notice ${notice.position}`;
  box.setAttribute('aria-label', 'Cookie notice');
  const text = document.createElement('p');
  text.textContent = notice.text;
  const accept = document.createElement('button');
  accept.type = 'button';
  accept.textContent = notice.buttonLabel;
  const follow = () => {
    try {
      box.hidden = !!document.querySelector('dialog:modal');
    } catch {
      // a browser without :modal: the notice stays as it is
    }
  };
  const underModal = new MutationObserver(follow);
  underModal.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
  follow();
  accept.addEventListener('click', () => {
    underModal.disconnect();
    box.remove();
    onAccept();
  });
  box.append(text, accept);
  document.body.append(box);
}

/** §4 Announcement bar: its close button shown and wired; the head hides a dismissed bar before the next paint. */
export function wireAnnouncementBar(bar: HTMLElement, onDismiss: () => void): void {
  const close = bar.querySelector<HTMLButtonElement>('.announcement-close');
  if (!close) return;
  close.hidden = false;
  bar.classList.add('is-dismissable');
  close.addEventListener('click', () => {
    document.documentElement.classList.add('announcement-dismissed');
    onDismiss();
    document.getElementById('main')?.focus({ preventScroll: true });
  });
}

/** §4 Licensed-assets bar. */
export function drawLicensedAssetsBar(): void {
  const strip = document.createElement('aside');
  strip.className = 'licensed-assets-bar';
  strip.setAttribute('aria-label', 'Licensed images');
  strip.textContent = 'This site shows licensed preview images. They must be licensed before the site goes live.';
  document.body.append(strip);
}
