// §5 URL rules and the slug rule, table-driven from the spec; §2 content-URL parsing.
import { describe, expect, it } from 'vitest';
import {
  contentUrl,
  isAnchor,
  isExternalLink,
  isFtpLink,
  isInternalUrl,
  isIpUrl,
  isJavascriptLink,
  isMailtoLink,
  isProperUrl,
  isTelLink,
  parseContentUrl,
  safeFrameUrl,
  safeReturnPath,
  RETURN_PATH_MAX_LENGTH,
  slugify,
} from '../shared/urls.ts';

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
    ['anchor', isAnchor, '#top', true],
    ['anchor', isAnchor, long('#', 99), true],
    ['anchor', isAnchor, long('#', 100), false],
    ['anchor', isAnchor, 'top', false],
    ['tel', isTelLink, 'tel:+441234567890', true],
    ['tel', isTelLink, long('tel:', 49), true],
    ['tel', isTelLink, long('tel:', 50), false],
    ['mailto', isMailtoLink, 'mailto:hello@fernwood.example', true],
    ['mailto', isMailtoLink, long('mailto:', 999), true],
    ['mailto', isMailtoLink, long('mailto:', 1000), false],
    ['javascript', isJavascriptLink, 'javascript:void(0)', true],
    ['javascript', isJavascriptLink, long('javascript:', 249), true],
    ['javascript', isJavascriptLink, long('javascript:', 250), false],
    ['ftp', isFtpLink, 'ftp://files.example.com/a', true],
    ['ftp', isFtpLink, long('ftp:', 99), true],
    ['ftp', isFtpLink, long('ftp:', 100), false],
    ['proper', isProperUrl, 'https://www.example.com/path', true],
    ['proper', isProperUrl, 'https://example.co', true],
    ['proper', isProperUrl, 'https://example.info', false],
    ['proper', isProperUrl, 'https://localhost', false],
    ['ip', isIpUrl, 'http://192.168.1.20/admin', true],
    ['ip', isIpUrl, 'http://300.1.1.1/', false],
    ['ip', isIpUrl, 'http://example.com/', false],
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

describe('URL-safe slug (§5)', () => {
  it.each([
    ['  Hello World  ', 'hello-world'],
    ['Trail Notes: Spring 2026!', 'trail-notes-spring-2026'],
    ['a  b', 'a-b'],
    ['a--b', 'a-b'],
    ['path//to///page', 'path/to/page'],
    ['Café & Crème', 'caf-crme'],
    ['UPPER/Case-Mix', 'upper/case-mix'],
    ['', ''],
  ])('slugify(%j) is %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
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
    ['/' + 'a'.repeat(149), '/'],
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
