// Third parties of §4 Video and §7 Third-party loads as a visitor meets them, in Chromium against wrangler dev (a copy
// of trailhead), each provider answered by a stand-in at its own URLs that records what the page asked of it (the
// machine has no network): video blocks tell their provider's player (YouTube's, Vimeo's) to play and to pause, so
// only one plays at a time.
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { watchProblems } from './support/forms.ts';
import { cookieNoticeAnsweredBefore } from './support/popup.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';

/** trailhead with the Vimeo film of /community beside the YouTube trailer of /screenings, and no owner markdown there */
const SITE = 'trailmedia.localhost';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

function change(site: SiteSnapshot): void {
  const community = site.pages.find((p) => p.urlId === 'community')!;
  const vimeo = community.layout.blocks.find((b) => b.type === 32)!;
  const screenings = site.pages.find((p) => p.urlId === 'screenings')!;
  screenings.layout = {
    ...screenings.layout,
    blocks: [...screenings.layout.blocks.filter((b) => b.type !== 44), { ...vimeo, id: 'screenings-vimeo', span: 12 }],
  };
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

async function visitor() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await cookieNoticeAnsweredBefore(context);
  const players: string[] = [];
  await context.route(/^https:\/\/(www\.youtube-nocookie\.com\/embed|player\.vimeo\.com\/video)\//, (route) => {
    players.push(route.request().url());
    const youtube = route.request().url().includes('youtube');
    return route.fulfill({ contentType: 'text/html', body: PLAYER(youtube ? 'YouTube' : 'Vimeo') });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, players, problems: watchProblems(page) };
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
