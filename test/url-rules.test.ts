// §5 URL rules and the slug rule, table-driven from the spec; §2 content-URL parsing.
import { describe, expect, it } from 'vitest';
import {
  contentUrl,
  isExternalLink,
  isInternalUrl,
  keepsLinkRule,
  parseContentUrl,
  safeFrameUrl,
  safeReturnPath,
  RETURN_PATH_MAX_LENGTH,
} from '../shared/urls.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const long = (prefix: string, total: number) => prefix + 'a'.repeat(total - prefix.length);

describe('URL kinds (§5)', () => {
  it.each([
    ['internal', isInternalUrl, '/about', true],
    ['internal', isInternalUrl, '/a', true],
    ['internal', isInternalUrl, '//evil.example/x', false],
    ['internal', isInternalUrl, '/', false],
    ['internal', isInternalUrl, 'about', false],
    ['internal', isInternalUrl, long('/', 149), true],
    ['internal', isInternalUrl, long('/', 150), false],
  ] as const)('%s: %s(%j) is %s', (_kind, rule, url, expected) => {
    expect(rule(url)).toBe(expected);
  });
});

describe('external links (§5)', () => {
  it.each([
    ['https://other.example/x', 'fernwood.localhost', true],
    ['https://fernwood.localhost/journal', 'fernwood.localhost', false],
    ['https://FERNWOOD.localhost/journal', 'fernwood.localhost:8787', false],
    ['/journal', 'fernwood.localhost', false],
    ['mailto:a@b.example', 'fernwood.localhost', false],
  ])('%s from %s is external: %s', (url, host, expected) => {
    expect(isExternalLink(url, host)).toBe(expected);
  });
});

describe('tel: and mailto: links (§5)', () => {
  it.each([
    ['tel:+441234567890', true],
    [long('tel:', 49), true],
    [long('tel:', 50), false],
    [long('TEL:', 50), false],
    ['mailto:hello@fernwood.example', true],
    [long('mailto:', 999), true],
    [long('mailto:', 1000), false],
    // the other kinds keep no length rule when a page is drawn
    [long('https://fernwood.example/', 3000), true],
    [long('/journal/', 240), true],
    ['#top', true],
  ])('%s keeps its rule: %s', (url, expected) => {
    expect(keepsLinkRule(url)).toBe(expected);
  });

  it('are drawn as links within their length, and as text beyond it', async () => {
    const tel = 'tel:+44 1234 567890';
    const longTel = `tel:+44 1234 567890 ext. ${'9'.repeat(30)}`;
    const longMail = `mailto:${Array.from({ length: 60 }, (_, i) => `reader${i}@fernwood.example`).join(',')}`;
    const site = minimalSite();
    site.website.identifier = 'linkrules';
    site.pages[0]!.layout.blocks = [
      { id: 'call', type: 13, data: { url: tel, title: 'Call the bakery' } },
      { id: 'call-long', type: 13, data: { url: longTel, title: 'Call the long number' } },
      { id: 'mail', type: 13, data: { url: 'mailto:orders@fernwood.example', title: 'Write to us' } },
      { id: 'mail-long', type: 13, data: { url: longMail, title: 'Write to every reader' } },
    ];
    await publish(site, 'linkrules.localhost');
    const html = await (await visit('linkrules.localhost', '/')).text();
    const drawn = (title: string) =>
      new RegExp(`<(a|span)\\b[^>]*class="cb-card cb-card-link cb-link-card"[^>]*><span class="cb-card-title">${title}`).exec(html)?.[1];
    expect(drawn('Call the bakery')).toBe('a');
    expect(html).toContain(`href="${tel}"`);
    expect(drawn('Write to us')).toBe('a');
    expect(drawn('Call the long number')).toBe('span');
    expect(drawn('Write to every reader')).toBe('span');
    expect(html).not.toContain('href="tel:+44 1234 567890 ext.');
    expect(html).not.toContain('href="mailto:reader0@');
  });
});

describe('content URLs (§2)', () => {
  it('builds /{urlId} and /{urlId}?{filterType}={filterName}', () => {
    expect(contentUrl('journal')).toBe('/journal');
    expect(contentUrl('journal', { type: 'tag', name: 'wild swimming' })).toBe('/journal?tag=wild%20swimming');
  });
  it.each([
    ['/journal?category=Walks', ['journal'], { type: 'category', name: 'Walks' }],
    ['/journal/first-post', ['journal', 'first-post'], null],
    ['/journal?tag=moss#top', ['journal'], { type: 'tag', name: 'moss' }],
    ['/', [], null],
  ])('parses %s', (url, segments, filter) => {
    expect(parseContentUrl(url)).toEqual({ segments, filter });
  });
  it('reads only internal URLs', () => {
    expect(parseContentUrl('https://example.com/journal?tag=x')).toBeNull();
    expect(parseContentUrl('//example.com/journal')).toBeNull();
  });
});

describe('the editor frame URL (§2, §5 internal URL rule)', () => {
  it.each([
    ['/journal', '/journal'],
    ['/journal?tag=moss', '/journal?tag=moss'],
    ['/journal?category=Field%20Notes', '/journal?category=Field%20Notes'],
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/journal/first-snow#top', '/journal/first-snow#top'],
    ['/', '/'],
    ['', '/'],
    [null, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['%2F%2Fevil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['%252F%252Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['/%09/evil.example', '/'],
    [' /journal', '/'],
    ['journal', '/'],
    [`/${'a'.repeat(149)}`, '/'],
    ['data:text/html,<script>alert(1)</script>', '/'],
  ])('frameUrl %j becomes %j', (input, expected) => {
    expect(safeFrameUrl(input)).toBe(expected);
  });
});

describe('the return path of a login or a form post (one rule for the page and the redirect)', () => {
  it.each([
    ['/journal', '/journal'],
    ['/', '/'],
    ['/journal?tag=mist&page=2', '/journal?tag=mist&page=2'],
    ['/journal/a/../b', '/journal/b'],
    ['/field notes', null],
    ['/config/?frameUrl=%2Fjournal', '/config/?frameUrl=%2Fjournal'],
    [long('/', RETURN_PATH_MAX_LENGTH), long('/', RETURN_PATH_MAX_LENGTH)],
    [long('/', RETURN_PATH_MAX_LENGTH + 1), null],
    ['/\\evil.example', null],
    ['/%5Cevil.example', null],
    ['/%255Cevil.example', null],
    ['//evil.example', null],
    ['/%2F%2Fevil.example', null],
    ['/%2Fevil.example', null],
    ['javascript:alert(1)', null],
    ['/javascript:alert(1)', null],
    ['https://evil.example/', null],
    [' /journal', null],
    ['/\t/evil.example', null],
    ['/%09/evil.example', null],
    ['/%E0%A4%A', null],
    ['/.//evil.example', null],
    ['/a/..//evil.example', null],
    ['/%2e%2e//evil.example', null],
    ['/\uff0f\uff0fevil.example', null],
    ['/caf\u00e9', '/caf%C3%A9'],
    ['journal', null],
    ['', null],
    [undefined, null],
    [null, null],
  ] as const)('%j gives %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
