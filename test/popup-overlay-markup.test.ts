// The popup overlay as the server draws it (§4, the page's part of the rule): a closed dialog on site pages, with a form
// that posts with isOverlayForm; none on a lock screen, with sqsscreenshot=true or with style NONE (a 404 inside a
// splash-page collection is test/overlay-rules.test.ts's: a snapshot has no such collection to draw); the same markup and props for every visitor, so the page is cached as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { ENVELOPE_NAMES, NATIVE_SUBMIT_PATH } from '../shared/form-post.ts';
import { publishCopy } from './support/api.ts';
import { visit } from './support/sites.ts';

let HOST = '';
let NONE = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'popupmarkup'));
  ({ host: NONE } = await publishCopy('fernwood', 'popupmarkupnone', (s) => {
    s.settings.popupOverlaySettings!.style = 'NONE';
  }));
});

const dialogs = (html: string) => [...html.matchAll(/<dialog\b[^>]*>/g)].map((m) => m[0]);

describe('the popup overlay on site pages', () => {
  it('is a closed dialog named by its title, whose form posts with isOverlayForm', async () => {
    const html = await (await visit(HOST, '/journal')).text();
    const [dialog, ...more] = dialogs(html);
    expect(more).toEqual([]);
    expect(dialog).toContain('class="popup-overlay popup-overlay-card"');
    expect(dialog).toContain('aria-labelledby="form-popup-overlay-title"');
    expect(dialog).not.toMatch(/\sopen/);
    expect(html).toContain('<h2 class="commerce-popup-title" id="form-popup-overlay-title">Letters from Fernwood</h2>');
    const form = /<form class="commerce-popup-form"[^>]*>/.exec(html)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${NATIVE_SUBMIT_PATH}"`);
    expect(html).toContain(`name="${ENVELOPE_NAMES.isOverlayForm}" value="true"`);
  });

  it.each([
    ['a lock screen', () => HOST, '/participants'],
    ['a screenshot request', () => HOST, '/journal?sqsscreenshot=true'],
    ['style NONE', () => NONE, '/journal'],
  ])('is not drawn on %s', async (_name, host, path) => {
    const html = await (await visit(host(), path)).text();
    expect(dialogs(html)).toEqual([]);
    expect(html).not.toContain('data-island="popup-overlay"');
  });

  it('is drawn on an ordinary 404', async () => {
    const res = await visit(HOST, '/no-such-page');
    expect(res.status).toBe(404);
    expect(dialogs(await res.text())).toHaveLength(1);
  });

  it('leaves the page cacheable: a second anonymous visitor gets it from the cache, with the same popup', async () => {
    const first = await (await visit(HOST, '/about')).text();
    const again = await visit(HOST, '/about', { headers: { Cookie: 'sitebuilder-popup-overlay=1; ss_cvr=abc|1|1|1|1' } });
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(dialogs(await again.text())).toEqual(dialogs(first));
  });
});
