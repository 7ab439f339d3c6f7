// The site-wide overlays the runtime draws or wires (§4): the cookie notice, the announcement bar's close button and
// the licensed-assets bar. An on-demand chunk of the site runtime (client/entries/site.ts), loaded only on pages that
// show one of them; what happens on accept and dismiss is the runtime's, handed in.

/** §4 Cookie notice, drawn with its §9 text, button and position. */
export function drawCookieNotice(notice: { position: string; text: string; buttonLabel: string }, onAccept: () => void): void {
  const box = document.createElement('section');
  box.className = `cookie-notice ${notice.position}`;
  box.setAttribute('aria-label', 'Cookie notice');
  const text = document.createElement('p');
  text.textContent = notice.text;
  const accept = document.createElement('button');
  accept.type = 'button';
  accept.textContent = notice.buttonLabel;
  accept.addEventListener('click', () => {
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
