// §4 rules for the site-wide overlays, table-driven.
import { describe, expect, it } from 'vitest';
import { COLLECTION_TYPES, type PageTypeName } from '../shared/codes.ts';
import { popupAllowedOnPage, showAnnouncementBar, showBadge, showMobileInfoBar } from '../shared/overlays.ts';

const bar = { style: 2, text: 'Free shipping this week' };

describe('announcement bar (§4)', () => {
  it.each([
    ['a custom bar with text on a page', bar, 'PAGE', undefined, true],
    ['style NONE', { style: 1, text: 'x' }, 'PAGE', undefined, false],
    ['no text', { style: 2 }, 'PAGE', undefined, false],
    ['a splash page', bar, 'SPLASH_PAGE', undefined, false],
    ['a lock screen', bar, 'LOCK_SCREEN', undefined, false],
    ['a 404 inside a splash-page collection', bar, 'NOT_FOUND', COLLECTION_TYPES.SPLASH_PAGE, false],
    ['an ordinary 404', bar, 'NOT_FOUND', undefined, true],
    ['a commerce e-mail preview', bar, 'COMMERCE_EMAIL_PREVIEW', undefined, false],
    ['no settings', undefined, 'PAGE', undefined, false],
  ] as const)('%s → %s', (_name, settings, pageType, collectionType, expected) => {
    expect(showAnnouncementBar(settings, { pageType: pageType as PageTypeName, collectionType })).toBe(expected);
  });
});

describe('popup overlay, page part (§4)', () => {
  const popup = { style: 'CARD', enableMobile: false };
  it.each([
    ['a desktop page', popup, 'PAGE', '', false, true],
    ['mobile with enableMobile false', popup, 'PAGE', '', true, false],
    ['mobile with enableMobile true', { ...popup, enableMobile: true }, 'PAGE', '', true, true],
    ['style NONE', { style: 'NONE', enableMobile: true }, 'PAGE', '', false, false],
    ['a lock screen', popup, 'LOCK_SCREEN', '', false, false],
    ['a screenshot request', popup, 'PAGE', 'sqsscreenshot=true', false, false],
  ] as const)('%s → %s', (_name, settings, pageType, query, mobile, expected) => {
    expect(popupAllowedOnPage(settings, { pageType: pageType as PageTypeName }, new URLSearchParams(query), mobile)).toBe(expected);
  });
});

describe('mobile information bar and badge (§4)', () => {
  it.each([
    [undefined, false],
    [{ style: 1 }, false],
    [{ style: 2 }, true],
    [{ style: 3 }, true],
  ])('mobile info bar %j → %s', (settings, expected) => expect(showMobileInfoBar(settings)).toBe(expected));
  it.each([
    [undefined, false],
    [1, false],
    [2, true],
    [3, true],
  ])('badge type %j → %s', (type, expected) => expect(showBadge(type)).toBe(expected));
});
