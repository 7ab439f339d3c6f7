// Third parties of §4 Video and §7 Third-party loads as a visitor meets them, in Chromium against wrangler dev (a copy
// of trailhead), each provider answered by a stand-in at its own URLs that records what the page asked of it (the
// machine has no network): video blocks tell their provider's player (YouTube's, Vimeo's) to play and to pause, so
// only one plays at a time; the web-font service's kit loads on every page of a site that names one, and the design's
// font tweak uses its family; a twitter block's follow widget loads the service's script after consent and gives up
// on it after 10 s.
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { watchProblems } from './support/forms.ts';
import { cookieNoticeAnsweredBefore } from './support/popup.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';

/**
 * trailhead with the Vimeo film of /community beside the YouTube trailer of /screenings and a twitter block with the
 * follow widget there (and no owner markdown, so the page keeps the strict policy), and a web-font kit whose family
 * the headings use
 */
const SITE = 'trailmedia.localhost';
const KIT = 'trl4kit';
const FAMILY = 'trail-serif';
const HANDLE = 'trailheadsupply';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

function change(site: SiteSnapshot): void {
  const community = site.pages.find((p) => p.urlId === 'community')!;
  const vimeo = community.layout.blocks.find((b) => b.type === 32)!;
  const screenings = site.pages.find((p) => p.urlId === 'screenings')!;
  screenings.layout = {
    ...screenings.layout,
    blocks: [
      ...screenings.layout.blocks.filter((b) => b.type !== 44),
      { ...vimeo, id: 'screenings-vimeo', span: 12 },
      { id: 'screenings-twitter', type: 6, span: 12, data: { handle: HANDLE, tweets: [], followButton: true } },
    ],
  };
  site.settings.webFonts = { token: KIT, families: [FAMILY] };
  site.tweakJSON = { ...site.tweakJSON, headingFont: FAMILY };
}

beforeAll(async () => {
  const records = await publishVariant('trailhead', 'trailmedia', change);
  server = await startDevServer(['fixtures/sites/trailhead.json'], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

/**
 * A video provider's player as a page sees it: the embed page at the player's URL, which keeps every message the page
 * sends it (and the origin it came from) and a mark of this load, so a reload shows.
 */
const PLAYER = (name: string) => `<!doctype html><html lang="en"><title>${name} player</title><p>${name} player</p><script>
  window.asked = [];
  window.loadMark = Math.random();
  addEventListener('message', (event) => window.asked.push({ origin: event.origin, data: event.data }));
</script>`;

/**
 * The web-font service's kit script as the real one behaves: `Typekit.load` adds the kit's stylesheet (whose font
 * faces come from the service) and marks the root as the service does.
 */
const KIT_SCRIPT = `window.Typekit = { load(config) {
  (window.kitAsked = window.kitAsked || []).push(config);
  document.documentElement.classList.add('wf-loading');
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = 'https://use.typekit.net/${KIT}.css';
  link.onload = () => document.documentElement.classList.replace('wf-loading', 'wf-active');
  document.head.append(link);
} };`;
const KIT_CSS = `@font-face{font-family:"${FAMILY}";src:url(https://use.typekit.net/af/${KIT}/serif.ttf) format("truetype");font-display:swap}`;
const FONT_FILE = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
].find((f) => existsSync(f));

/** The follow widget's script as the real one behaves: its factory draws the account's button in the target. */
const FOLLOW_SCRIPT = `window.twttr = {
  ready(run) { run(window.twttr); },
  widgets: { createFollowButton(handle, target, options) {
    (window.followAsked = window.followAsked || []).push({ handle, options });
    const frame = document.createElement('iframe');
    frame.src = 'https://platform.twitter.com/widgets/follow_button.html?screen_name=' + encodeURIComponent(handle) + '&lang=' + options.lang;
    frame.title = 'Follow @' + handle + ' on X';
    frame.style.cssText = 'width:180px;height:28px;border:0';
    target.append(frame);
    return Promise.resolve(frame);
  } },
};`;

async function visitor(options: { consented?: boolean; followScript?: 'answer' | 'hold' } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  if (options.consented !== false) await cookieNoticeAnsweredBefore(context);
  /** every request to the web-font and follow services, with the time it was made */
  const services: { url: string; at: number }[] = [];
  await context.route(/^https:\/\/(use|p)\.typekit\.net\//, (route) => {
    const url = route.request().url();
    services.push({ url, at: Date.now() });
    if (url.endsWith('.js')) return route.fulfill({ contentType: 'text/javascript', body: KIT_SCRIPT });
    if (url.endsWith('.css')) return route.fulfill({ contentType: 'text/css', body: KIT_CSS });
    return route.fulfill({ contentType: 'font/ttf', body: FONT_FILE ? readFileSync(FONT_FILE) : '' });
  });
  await context.route(/^https:\/\/platform\.twitter\.com\//, (route) => {
    const url = route.request().url();
    services.push({ url, at: Date.now() });
    // a script that never comes: the widget's time-out
    if (url.endsWith('/widgets.js') && options.followScript === 'hold') return;
    if (url.endsWith('/widgets.js')) return route.fulfill({ contentType: 'text/javascript', body: FOLLOW_SCRIPT });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Follow</title><p>Follow @${HANDLE}</p>`,
    });
  });
  const players: string[] = [];
  await context.route(/^https:\/\/(www\.youtube-nocookie\.com\/embed|player\.vimeo\.com\/video)\//, (route) => {
    players.push(route.request().url());
    const youtube = route.request().url().includes('youtube');
    return route.fulfill({ contentType: 'text/html', body: PLAYER(youtube ? 'YouTube' : 'Vimeo') });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, players, services, problems: watchProblems(page) };
}

const frameOf = (page: Page, prefix: string): Frame | undefined => page.frames().find((f) => f.url().startsWith(prefix));
const YOUTUBE = 'https://www.youtube-nocookie.com/embed/';
const VIMEO = 'https://player.vimeo.com/video/';

/** What the player at the prefix was asked, as the data of each message (none while it is not there). */
async function asked(page: Page, prefix: string): Promise<unknown[]> {
  const frame = frameOf(page, prefix);
  if (!frame) return [];
  const messages = await frame.evaluate(() => (window as unknown as { asked?: { origin: string; data: string }[] }).asked ?? []);
  // every message comes from the page's own origin
  for (const m of messages) expect(m.origin).toBe(server.origin(SITE));
  return messages.map((m) => JSON.parse(m.data));
}

const YT_PLAY = { event: 'command', func: 'playVideo', args: [] };
const YT_PAUSE = { event: 'command', func: 'pauseVideo', args: [] };

describe('§4 Video: play and pause messages to the provider’s player', () => {
  it('plays the YouTube trailer, pauses it when the Vimeo film starts, and plays it on from where it was', async () => {
    const { page, players, problems } = await visitor();
    await page.goto(`${server.origin(SITE)}/screenings`);
    const trailer = page.locator('figure.video-block[data-provider-name="YouTube"]');
    const film = page.locator('figure.video-block[data-provider-name="Vimeo"]');
    expect(players).toEqual([]);

    await trailer.getByRole('link', { name: /^Play video: / }).click();
    await expect.poll(() => asked(page, YOUTUBE)).toEqual([YT_PLAY]);
    await expect(trailer.getAttribute('data-state')).resolves.toBe('playing');
    // the player listens for messages (YouTube's enablejsapi) and starts by itself (§9 autoplay)
    const src = new URL(players[0]!);
    expect(src.origin + src.pathname).toBe(`${YOUTUBE}Q7x2KpL9mVw`);
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(src.searchParams.get('autoplay')).toBe('1');
    const firstLoad = await frameOf(page, YOUTUBE)!.evaluate(() => (window as unknown as { loadMark: number }).loadMark);

    // another video plays: the trailer is paused and back behind its poster, kept on the page
    await film.getByRole('link', { name: /^Play video: / }).click();
    await expect.poll(() => asked(page, VIMEO)).toEqual([{ method: 'play' }]);
    await expect.poll(() => asked(page, YOUTUBE)).toEqual([YT_PLAY, YT_PAUSE]);
    await expect(trailer.getAttribute('data-state')).resolves.toBe('overlay');
    await expect(film.getAttribute('data-state')).resolves.toBe('playing');
    await expect(trailer.locator('.video-embed').getAttribute('inert')).resolves.not.toBeNull();

    // the trailer again: the same player plays on (not loaded again), and the film is paused
    await trailer.getByRole('link', { name: /^Play video: / }).click();
    await expect.poll(() => asked(page, YOUTUBE)).toEqual([YT_PLAY, YT_PAUSE, YT_PLAY]);
    await expect.poll(() => asked(page, VIMEO)).toEqual([{ method: 'play' }, { method: 'pause' }]);
    await expect(frameOf(page, YOUTUBE)!.evaluate(() => (window as unknown as { loadMark: number }).loadMark)).resolves.toBe(firstLoad);
    expect(players.filter((u) => u.startsWith(YOUTUBE))).toHaveLength(1);
    expect(problems).toEqual([]);

    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);
  });
});

describe('§7 the web-font service', () => {
  it('loads the kit its token names, and the headings use its family', async () => {
    const { page, services, problems } = await visitor();
    const res = await page.goto(`${server.origin(SITE)}/screenings`);
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'[^;]* https:\/\/use\.typekit\.net(;| )/);
    expect(policy).toMatch(/style-src 'self' 'unsafe-inline'[^;]* https:\/\/use\.typekit\.net https:\/\/p\.typekit\.net(;| )/);
    expect(policy).toMatch(/font-src 'self' data:[^;]* https:\/\/use\.typekit\.net(;| )/);
    await page.waitForFunction(() => document.documentElement.classList.contains('wf-active'));
    await expect(page.evaluate(() => (window as unknown as { kitAsked: unknown[] }).kitAsked)).resolves.toEqual([{ async: true }]);
    const heading = page.locator('h1').first();
    await expect(heading.evaluate((h) => getComputedStyle(h).fontFamily)).resolves.toMatch(
      new RegExp(`^"?${FAMILY}"?, "Georgia"|^"?${FAMILY}"?, Georgia`),
    );
    // the heading's text asked the service for the family's font (the policy let it through)
    await expect.poll(() => services.map((s) => new URL(s.url).pathname)).toEqual([`/${KIT}.js`, `/${KIT}.css`, `/af/${KIT}/serif.ttf`]);
    expect(problems).toEqual([]);
  });

  it('is not loaded on a site that names no kit', async () => {
    const { page, services } = await visitor();
    const res = await page.goto(`${server.origin('trailhead.localhost')}/screenings`);
    expect(res?.headers()['content-security-policy']).not.toContain('typekit');
    await page.waitForLoadState('networkidle');
    expect(services.filter((s) => s.url.includes('typekit'))).toEqual([]);
  });
});

describe('§7 the social follow widget of a twitter block', () => {
  const widget = (page: Page) => page.locator('.follow-widget');

  it("waits for consent under the restrictive cookie policy, then draws the service's Follow button for the account", async () => {
    const { page, services, problems } = await visitor({ consented: false });
    const res = await page.goto(`${server.origin(SITE)}/screenings`);
    expect(res?.headers()['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'[^;]* https:\/\/platform\.twitter\.com(;| )/,
    );
    await widget(page).scrollIntoViewIfNeeded();
    await expect.poll(() => widget(page).getAttribute('data-widget')).toBe('consent');
    expect(services.filter((s) => s.url.includes('twitter'))).toEqual([]);
    const link = widget(page).getByRole('link', { name: `Follow @${HANDLE} (opens in a new window)` });
    await expect(link.getAttribute('href')).resolves.toBe(`https://x.com/${HANDLE}`);

    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => widget(page).getAttribute('data-widget')).toBe('loaded');
    await expect(page.evaluate(() => (window as unknown as { followAsked: unknown[] }).followAsked)).resolves.toEqual([
      { handle: HANDLE, options: { showCount: false, lang: 'en' } },
    ]);
    await expect(page.frameLocator('.follow-widget iframe').getByText(`Follow @${HANDLE}`).count()).resolves.toBe(1);
    expect(services.filter((s) => s.url.includes('twitter')).map((s) => s.url)).toEqual([
      'https://platform.twitter.com/widgets.js',
      `https://platform.twitter.com/widgets/follow_button.html?screen_name=${HANDLE}&lang=en`,
    ]);
    // the button stands in for the link
    await expect(link.isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);
  });

  it('gives up on a script that has not come within 10000 ms: the link to the account stays', async () => {
    const { page, services } = await visitor({ followScript: 'hold' });
    await page.goto(`${server.origin(SITE)}/screenings`);
    await widget(page).scrollIntoViewIfNeeded();
    await expect.poll(() => services.find((s) => s.url.endsWith('/widgets.js'))).toBeDefined();
    const asked = services.find((s) => s.url.endsWith('/widgets.js'))!.at;
    await expect.poll(() => widget(page).getAttribute('data-widget')).toBe('loading');
    await expect.poll(() => widget(page).getAttribute('data-widget'), { timeout: 15_000, interval: 100 }).toBe('failed');
    const waited = Date.now() - asked;
    expect(waited).toBeGreaterThanOrEqual(9_500);
    expect(waited).toBeLessThan(12_500);
    await expect(
      widget(page)
        .getByRole('link', { name: `Follow @${HANDLE} (opens in a new window)` })
        .isVisible(),
    ).resolves.toBe(true);
    await expect(widget(page).locator('iframe').count()).resolves.toBe(0);
  }, 30_000);
});
