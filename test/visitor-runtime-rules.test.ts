// The pure rules of the site-wide visitor runtime as tables: which pages are tracked (§2, §6), consent and the cookie
// notice (§4, §9), which button clicks hold navigation back (§2), the landing pixel's query (§7), the dialogs'
// buttons and the system error panel's variants (§8, §9), and the beta-feature cookies (§4).
import { describe, expect, it } from 'vitest';
import { betaCookieChanges, BETA_FEATURE_GROUPS, enabledBetaFeatures } from '../shared/beta-features.ts';
import { holdsNavigation } from '../shared/button-tracking.ts';
import type { PageTypeName } from '../shared/codes.ts';
import { CONFIRMATION_STYLES, confirmationButtons, systemErrorContent } from '../shared/dialogs.ts';
import { cookieNotice, COOKIE_NOTICE_DEFAULTS, landingQuery, needsConsent, textKey, tracksPage } from '../shared/site-runtime.ts';

describe('which pages record analytics', () => {
  it.each<[PageTypeName, boolean]>([
    ['PAGE', true],
    ['MAIN_CONTENT', true],
    ['CONTENT_COLLECTION', true],
    ['CONTENT_ITEM', true],
    ['SPLASH_PAGE', true],
    ['SHOW_CART', true],
    ['SEARCH', false],
    ['NOT_FOUND', false],
    ['LOCK_SCREEN', false],
    ['ERROR', false],
    ['POPUP_OVERLAY', false],
    ['COMMERCE_EMAIL_PREVIEW', false],
  ])('%s: %s for an anonymous visitor', (pageType, tracked) => {
    expect(tracksPage({ pageType, loggedIn: false, disabled: false })).toBe(tracked);
  });

  it('counts a search made on /search (as a site search), and not the search page without one', () => {
    expect(tracksPage({ pageType: 'SEARCH', loggedIn: false, disabled: false, searched: true })).toBe(true);
    expect(tracksPage({ pageType: 'SEARCH', loggedIn: false, disabled: false, searched: false })).toBe(false);
    expect(tracksPage({ pageType: 'NOT_FOUND', loggedIn: false, disabled: false, searched: true })).toBe(false);
    expect(tracksPage({ pageType: 'SEARCH', loggedIn: true, disabled: false, searched: true })).toBe(false);
  });

  it.each([
    ['a logged-in account', { loggedIn: true, disabled: false }],
    ['the global disable flag', { loggedIn: false, disabled: true }],
    ['the login page', { loggedIn: false, disabled: false, surface: 'login' }],
  ])('never with %s', (_who, input) => {
    expect(tracksPage({ pageType: 'PAGE', ...input })).toBe(false);
  });
});

describe('consent and the cookie notice', () => {
  const settings = { position: 'bottom-right', text: 'Cookies here.', buttonLabel: 'Fine' };
  it.each([
    ['no policy, no notice', null, false, undefined, null],
    ['a notice until accepted', settings, false, undefined, settings],
    ['no notice once accepted', settings, false, 'true', null],
    ['the restrictive policy always has one, with the defaults', null, true, undefined, { ...COOKIE_NOTICE_DEFAULTS }],
    ['the restrictive policy, accepted', null, true, 'true', null],
    [
      'an unknown position falls back to top-left',
      { ...settings, position: 'middle' },
      false,
      undefined,
      { ...settings, position: 'top-left' },
    ],
  ])('%s', (_case, given, restrictive, consent, expected) => {
    expect(cookieNotice(given, restrictive, consent)).toEqual(expected);
  });

  it.each([
    [false, undefined, false],
    [true, undefined, true],
    [true, '', true],
    [true, 'true', false],
  ])('restrictive %s with consent %s needs consent: %s', (restrictive, consent, needed) => {
    expect(needsConsent(restrictive, consent)).toBe(needed);
  });
});

describe('button navigation', () => {
  it.each([
    ['/journal', false, false, true],
    ['https://example.com/', false, false, true],
    ['mailto:hello@example.com', false, false, false],
    ['MAILTO:hello@example.com', false, false, false],
    ['/journal', true, false, false],
    ['/journal', false, true, false],
  ])('%s (new window %s, modifier %s) holds navigation back: %s', (href, newWindow, modifier, held) => {
    expect(holdsNavigation(href, newWindow, modifier)).toBe(held);
  });
});

describe('the landing pixel', () => {
  it('carries the landing, referrer, a random key, language and screen, and the marketing fields of the page', () => {
    const query = landingQuery({
      landing: 'https://site.test/?source=mail&campaign=spring&refer=partner&utm=x',
      referrer: 'https://search.test/',
      pageQuery: new URLSearchParams('source=mail&campaign=spring&refer=partner&utm=x'),
      lang: 'en-GB',
      screen: { width: 390, height: 844 },
      random: 0.5,
    });
    expect(query).toEqual({
      landing: 'https://site.test/?source=mail&campaign=spring&refer=partner&utm=x',
      refer: 'partner',
      rk: '50000000',
      lang: 'en-GB',
      screen: '390x844',
      source: 'mail',
      campaign: 'spring',
    });
  });

  it.each([0, 0.999999999])('keeps rk an integer from 1 to 99999999 (random %s)', (random) => {
    const rk = Number(
      landingQuery({ landing: '/', referrer: '', pageQuery: new URLSearchParams(), lang: '', screen: { width: 1, height: 1 }, random }).rk,
    );
    expect(rk).toBeGreaterThanOrEqual(1);
    expect(rk).toBeLessThanOrEqual(99_999_999);
  });
});

describe('dialogs', () => {
  it.each([
    [CONFIRMATION_STYLES.CONFIRM_OR_REJECT, ['reject', 'confirm']],
    [CONFIRMATION_STYLES.CONFIRM_OR_CANCEL, ['cancel', 'confirm']],
    [CONFIRMATION_STYLES.CONFIRM_ONLY, ['confirm']],
    [CONFIRMATION_STYLES.NO_BUTTONS, []],
  ] as const)('confirmation style %s shows %j', (style, buttons) => {
    expect(confirmationButtons(style)).toEqual(buttons);
  });

  it.each([
    [
      'cleaned',
      { cleaned: true, error: 'ignored' },
      {
        variant: 'cleaned',
        title: 'Something Went Wrong!',
        lines: ['Our system has encountered an error. This exception has been automatically logged and reported. We will return shortly.'],
      },
    ],
    [
      'network',
      { network: true },
      { variant: 'network', title: 'Something Went Wrong', lines: ['Unable to connect to Site Builder. Please try again.'] },
    ],
    [
      'network with the server text',
      { network: true, error: 'Gateway down' },
      { variant: 'network', title: 'Something Went Wrong', lines: ['Gateway down'] },
    ],
    [
      'otherwise',
      { url: '/api/form/SaveFormSubmission', format: 'json', message: 'Nope' },
      { variant: 'otherwise', title: 'Something Went Wrong', lines: ['/api/form/SaveFormSubmission', 'JSON', 'Nope'] },
    ],
  ])('the system error panel, %s', (_variant, data, content) => {
    expect(systemErrorContent(data)).toEqual(content);
  });
});

describe('beta features', () => {
  it('groups the known features under General, i18n, Commerce and Developers', () => {
    expect(BETA_FEATURE_GROUPS.map((g) => g.label)).toEqual(['General', 'i18n', 'Commerce', 'Developers']);
  });

  it("enables a feature whose cookie is 'true', and the context's flags", () => {
    const enabled = enabledBetaFeatures({ giftCards: 'true', seoPlus: 'false', ssl: 'yes', unknownKey: 'true' }, ['devAutoRefresh']);
    expect([...enabled].sort()).toEqual(['devAutoRefresh', 'giftCards']);
  });

  it('writes cookies for newly enabled keys and expires those of removed keys', () => {
    expect(betaCookieChanges(new Set(['giftCards', 'seoPlus']), new Set(['seoPlus', 'ssl']))).toEqual({
      write: ['ssl'],
      expire: ['giftCards'],
    });
  });

  it('keys a dismissed announcement by its text', () => {
    expect(textKey('Spring sale|/shop')).toBe(textKey('Spring sale|/shop'));
    expect(textKey('Spring sale|/shop')).not.toBe(textKey('Summer sale|/shop'));
  });
});
