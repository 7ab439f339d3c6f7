// The on-demand block behaviours in a real Chromium against wrangler dev (§2 Features loaded on demand and Block
// behaviours, §4 Map, §7 Third-party loads): the map's place and links, its marker click and its maps script (answered by the test, as the
// machine has no network), the audio and album players (a play link until pressed), likes, share
// buttons and comment counts (relative times: relative-time.test.ts). Third-party origins appear in the CSP only where
// they are configured.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { wake, wakeAndWait } from './support/islands.ts';
import { popupAlreadySignedUp } from './support/popup.ts';

const FERNWOOD = 'fernwood.localhost';
const TRAILHEAD = 'trailhead.localhost';
/** trailhead with a maps key and a comment service configured (snapshot settings) */
const CONFIGURED = 'trailmaps.localhost';
/** fernwood (a map without an info window) with a maps key */
const FERN_MAPS = 'fernmaps.localhost';
const MAPS_KEY = 'test-maps-key-0123456789';
const SHORTNAME = 'trailhead-test';
const ITEM = '/journal/sunset-at-the-orientation-table';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const records = [
    ...(await publishVariant('trailhead', 'trailmaps', (site) =>
      Object.assign(site.settings, { mapsApiKey: MAPS_KEY, commentServiceShortname: SHORTNAME, commentsEnabled: true }),
    )),
    ...(await publishVariant('fernwood', 'fernmaps', (site) => Object.assign(site.settings, { mapsApiKey: MAPS_KEY }))),
  ];
  server = await startDevServer(['fixtures/sites/fernwood.json', 'fixtures/sites/trailhead.json'], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

const url = (host: string, path: string) => server.origin(host) + path;

/** A visitor who has accepted cookies (trailhead asks first), with the /api/ and third-party requests kept. */
async function visitor(host: string, { javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
  // a visitor who signed up to fernwood's popup overlay before: it stays closed and leaves these pages alone
  await popupAlreadySignedUp(context);
  contexts.push(context);
  await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: url(host, '/') }]);
  // the machine has no network: the external services a visitor is sent to answer with a blank page
  await context.route(/^https:\/\/(maps\.google\.com|www\.google\.com|www\.opentable\.com|x\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }),
  );
  // the widgets of these pages (the reservation service's, the scheduling service's) load and draw nothing here: what
  // they do is widgets.test.ts's
  await context.route(/^https:\/\/(www\.opentable\.[a-z.]+\/widget\/|embed\.acuityscheduling\.com\/|[\w-]+\.as\.me\/)/, (route) =>
    route.fulfill({ contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/html', body: '' }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const sent: { path: string; body: string; url: string; type: string }[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') || !u.hostname.endsWith('localhost'))
      sent.push({ path: u.pathname, body: r.postData() ?? '', url: r.url(), type: r.resourceType() });
  });
  return { context, page, sent, errors };
}

async function eventually(check: () => void | Promise<void>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const events = (sent: { path: string; body: string }[], name: string) =>
  sent.filter((s) => s.path === '/api/events/RecordEvent' && new URLSearchParams(s.body).get('event') === name);

/** The island has hydrated (the loader marks it), woken first as a touch does (a React island waits for one). */
const hydrated = (page: Page, name: string) => wakeAndWait(page, `site-island[data-island="${name}"]`);

/** A stand-in for the maps service's script: draws a map element and a marker button, then calls the callback. */
const FAKE_MAPS = `(() => {
  const cb = new URL(document.currentScript.src).searchParams.get('callback');
  class Map { constructor(el, options) { this.el = el; el.dataset.fakeMap = JSON.stringify({ center: options.center, zoom: options.zoom }); } }
  class Marker {
    constructor(options) {
      this.listeners = {};
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'fake-marker';
      button.textContent = options.title;
      button.addEventListener('click', () => (this.listeners.click || []).forEach((fn) => fn()));
      options.map.el.append(button);
    }
    addListener(event, fn) { (this.listeners[event] ||= []).push(fn); }
  }
  class InfoWindow { constructor(options) { this.content = options.content; } open(map) { map.el.dataset.infoWindow = this.content; map.el.dataset.infoOpened = String(Number(map.el.dataset.infoOpened || 0) + 1); } }
  window.google = { maps: { Map, Marker, InfoWindow } };
  window[cb]();
})();`;

describe('the map block', () => {
  it('without a maps key shows the place, its address and links to the maps service, as plain HTML with no script', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, context, sent } = await visitor(FERNWOOD, { javaScriptEnabled });
      const res = await page.goto(url(FERNWOOD, '/contact'));
      expect(res?.headers()['content-security-policy']).not.toContain('maps.googleapis.com');
      const block = page.locator('.map-block');
      await block.scrollIntoViewIfNeeded();
      // no drawing of a map that is not there, and nothing to load
      await expect(page.locator('site-island[data-island="map"]').count()).resolves.toBe(0);
      await expect(block.locator('.map-canvas').count()).resolves.toBe(0);
      expect((await block.innerText()).split('\n').filter((line) => line.trim())).toEqual([
        'Fernwood Journal',
        'Low Fold Cottage, Crook Road',
        'Staveley, Kendal LA8 9NH',
        'United Kingdom',
        'Open in Google Maps',
        '(opens in a new window)',
        'Get directions',
        '(opens in a new window)',
      ]);
      const open = page.getByRole('link', { name: 'Open in Google Maps (opens in a new window)' });
      const directions = new URL((await page.getByRole('link', { name: 'Get directions (opens in a new window)' }).getAttribute('href'))!);
      expect(directions.origin + directions.pathname).toBe('https://www.google.com/maps/dir/');
      expect(Object.fromEntries(directions.searchParams)).toEqual({
        api: '1',
        destination: 'Low Fold Cottage, Crook Road Staveley, Kendal LA8 9NH, United Kingdom',
      });
      // §2: the maps service at the marker, with the location and the zoom
      const [popup] = await Promise.all([context.waitForEvent('page'), open.click()]);
      const opened = new URL(popup.url());
      expect(opened.origin + opened.pathname).toBe('https://maps.google.com/maps');
      expect(opened.searchParams.get('sll')).toBe('54.3751,-2.8187');
      expect(opened.searchParams.get('z')).toBe('13');
      expect(opened.searchParams.get('q')).toBe('Low Fold Cottage, Crook Road Staveley, Kendal LA8 9NH, United Kingdom');
      expect(sent.some((s) => s.url.includes('googleapis'))).toBe(false);
    }
  });

  it('with a maps key but no JavaScript shows the place alone, not an empty map', async () => {
    const { page } = await visitor(CONFIGURED, { javaScriptEnabled: false });
    await page.goto(url(CONFIGURED, '/visit-the-store'));
    await expect(page.locator('.map-canvas').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'Open in Google Maps (opens in a new window)' }).isVisible()).resolves.toBe(true);
  });

  it('with a maps key, a click on the live marker of a map without an info window opens the maps service (§2)', async () => {
    const { page, context } = await visitor(FERN_MAPS);
    await context.route('https://maps.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_MAPS }));
    await page.goto(url(FERN_MAPS, '/contact'));
    await page.locator('.map-block').scrollIntoViewIfNeeded();
    // the live map is drawn once the visitor reaches for it (its code fetched as it came near)
    await wake(page, 'site-island[data-island="map"]');
    await eventually(async () => expect(await page.locator('.map-block').getAttribute('data-maps-state')).toBe('loaded'));
    // the live map sits above the place, which keeps its links
    const [canvas, place] = await Promise.all([page.locator('.map-canvas').boundingBox(), page.locator('.map-place').boundingBox()]);
    expect(canvas!.height).toBe(14 * 25);
    expect(place!.y).toBeGreaterThanOrEqual(canvas!.y + canvas!.height);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.locator('.fake-marker').click()]);
    const opened = new URL(popup.url());
    expect(opened.origin + opened.pathname).toBe('https://maps.google.com/maps');
    expect(opened.searchParams.get('sll')).toBe('54.3751,-2.8187');
  });

  it("with the site's maps key loads the maps script once and draws the live map with its info window open", async () => {
    const { page, context, sent } = await visitor(CONFIGURED);
    await context.route('https://maps.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_MAPS }));
    const res = await page.goto(url(CONFIGURED, '/visit-the-store'));
    const csp = res?.headers()['content-security-policy'] ?? '';
    // this page has owner code, so its scripts may come from any https origin; what the maps service fetches is named
    expect(csp).toMatch(/script-src [^;]*(https:\/\/maps\.googleapis\.com|https:(;| ))/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/maps\.googleapis\.com(;|$)/);
    await page.locator('.map-block').scrollIntoViewIfNeeded();
    // the live map is drawn once the visitor reaches for it (its code fetched as it came near)
    await wake(page, 'site-island[data-island="map"]');
    await eventually(async () => expect(await page.locator('.map-block').getAttribute('data-maps-state')).toBe('loaded'));
    const scripts = sent.filter((s) => s.url.startsWith('https://maps.googleapis.com/'));
    expect(scripts).toHaveLength(1);
    const query = new URL(scripts[0]!.url).searchParams;
    expect(query.get('v')).toBe('3');
    expect(query.get('key')).toBe(MAPS_KEY);
    expect(query.get('sensor')).toBe('false');
    expect(query.get('callback')).toMatch(/^\w+$/);
    const map = page.locator('[data-fake-map]');
    expect(JSON.parse((await map.getAttribute('data-fake-map'))!)).toEqual({ center: { lat: 53.3301, lng: -1.6532 }, zoom: 15 });
    // the block's info window opens by itself (autoOpen), and a marker click opens it rather than leaving (§2)
    await eventually(async () => expect(await map.getAttribute('data-info-opened')).toBe('1'));
    expect(await map.getAttribute('data-info-window')).toContain('Trailhead Supply Co.');
    let popups = 0;
    context.on('page', () => popups++);
    await page.locator('.fake-marker').click();
    await expect(map.getAttribute('data-info-opened')).resolves.toBe('2');
    expect(popups).toBe(0);
    await eventually(() => expect(events(sent, 'maps-load-on-site')).toHaveLength(1));
    expect(JSON.parse(new URLSearchParams(events(sent, 'maps-load-on-site')[0]!.body).get('data')!)).toMatchObject({ state: 'loaded' });
  });

  it('leaves the place with its links, with no message, when the maps script fails or times out', async () => {
    const { page, context, sent, errors } = await visitor(CONFIGURED);
    await context.route('https://maps.googleapis.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto(url(CONFIGURED, '/visit-the-store'));
    await page.locator('.map-block').scrollIntoViewIfNeeded();
    // the live map is drawn once the visitor reaches for it (its code fetched as it came near)
    await wake(page, 'site-island[data-island="map"]');
    await eventually(async () => expect(await page.locator('.map-block').getAttribute('data-maps-state')).toBe('failure'));
    // the map's space goes; the place and its links stay
    await expect(page.locator('.map-canvas').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'Open in Google Maps (opens in a new window)' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0);
    await eventually(() => expect(events(sent, 'maps-load-on-site')).toHaveLength(1));
    expect(errors).toEqual([]);
    // the failure is traced, and the trace leaves as a beacon when the page is hidden (§7, §9)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await eventually(() => expect(sent.filter((s) => s.path === '/api/events/Trace')).toHaveLength(1));
    const traced = sent.find((s) => s.path === '/api/events/Trace')!;
    expect(traced.type).toBe('ping');
    expect(JSON.parse(new URLSearchParams(traced.body).get('data')!)).toEqual([
      { pageUrl: url(CONFIGURED, '/visit-the-store'), type: 'maps_load', data: JSON.stringify({ state: 'failure', blockId: 'visit-b2' }) },
    ]);

    // a script that never answers: the 30 s time-out (the page's clock is run on)
    const second = await visitor(CONFIGURED);
    await second.context.route('https://maps.googleapis.com/**', () => undefined);
    await second.page.clock.install();
    // the page's load event waits on a script the map may have asked for already: it never comes
    await second.page.goto(url(CONFIGURED, '/visit-the-store'), { waitUntil: 'domcontentloaded' });
    await second.page.locator('.map-block').scrollIntoViewIfNeeded();
    await wake(second.page, 'site-island[data-island="map"]');
    await eventually(async () => expect(await second.page.locator('.map-block').getAttribute('data-maps-state')).toBe('loading'));
    await second.page.clock.runFor(29_000);
    await expect(second.page.locator('.map-block').getAttribute('data-maps-state')).resolves.toBe('loading');
    await second.page.clock.runFor(1_500);
    await eventually(async () => expect(await second.page.locator('.map-block').getAttribute('data-maps-state')).toBe('timeout'));
    await expect(second.page.locator('.map-canvas').isVisible()).resolves.toBe(false);
  });
});

/** A WAV of silence, long enough to be heard playing. */
function silence(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * seconds);
  data.fill(128);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Holds back the island chunk of `island` until the returned function is called: the page is the server's HTML. */
async function holdChunk(page: Page, island: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/client/island-${island}-[A-Z0-9]+\\.js`), async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

const playing = (page: Page, selector: string) =>
  page.$eval(selector, (a) => !(a as HTMLAudioElement).paused && (a as HTMLAudioElement).currentTime > 0);

describe('the audio player', () => {
  it('is a play link with no audio element until pressed; the press plays, says so, then finished, and records the play once', async () => {
    const { page, context, sent } = await visitor(TRAILHEAD);
    await context.route('https://audio.trailheadsupply.co.uk/**', (route) => route.fulfill({ contentType: 'audio/wav', body: silence(1) }));
    await page.goto(url(TRAILHEAD, '/community'));
    // any <audio> brings the browser's media styles into every style recalculation of the page
    await expect(page.locator('audio').count()).resolves.toBe(0);
    await page.locator('.audio-block').scrollIntoViewIfNeeded();
    const status = page.locator('.audio-state');
    await expect(status.textContent()).resolves.toBe('');
    await page.getByRole('link', { name: /^Play Trailside Sessions, episode 14/ }).click();
    await eventually(async () => expect(await status.textContent()).toBe('Playing'));
    await eventually(async () => expect(await status.textContent()).toBe('Finished'), 6000);
    await expect(page.locator('.audio-block').getAttribute('data-state')).resolves.toBe('ended');
    // the player took the link's place, and the keyboard is on it
    await expect(page.locator('.audio-block .player-start').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toBe('audio-player');
    const plays = sent.filter((s) => s.path === '/api/census/RecordHit' && new URLSearchParams(s.body).get('event') === 'AUDIO');
    expect(plays).toHaveLength(1);
    expect(JSON.parse(new URLSearchParams(plays[0]!.body).get('data')!)).toMatchObject({ url: '/community' });
  });

  it('plays at a press made before its island has hydrated (its chunk held back): the press is not lost', async () => {
    const { page, context, errors } = await visitor(TRAILHEAD);
    await context.route('https://audio.trailheadsupply.co.uk/**', (route) => route.fulfill({ contentType: 'audio/wav', body: silence(2) }));
    const release = await holdChunk(page, 'audio');
    await page.goto(url(TRAILHEAD, '/community'), { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: /^Play Trailside Sessions, episode 14/ }).click();
    // held: the visitor is still on the page, and nothing plays yet
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/community');
    await expect(page.locator('audio').count()).resolves.toBe(0);
    release();
    await eventually(async () => expect(await page.locator('.audio-state').textContent()).toBe('Playing'));
    expect(await playing(page, '.audio-block audio')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('says so when the track cannot be played', async () => {
    const { page, context } = await visitor(TRAILHEAD);
    await context.route('https://audio.trailheadsupply.co.uk/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(url(TRAILHEAD, '/community'));
    await page.locator('.audio-block').scrollIntoViewIfNeeded();
    await hydrated(page, 'audio');
    await page.locator('.audio-block .player-start').click();
    await eventually(async () => expect(await page.locator('.audio-state').textContent()).toBe('This track could not be played.'));
    await expect(page.getByRole('status').filter({ hasText: 'could not be played' }).count()).resolves.toBe(1);
  });

  it('is the browser’s own player without JavaScript, for the single track and the album alike, with no play link', async () => {
    const { page } = await visitor(TRAILHEAD, { javaScriptEnabled: false });
    await page.goto(url(TRAILHEAD, '/community'));
    for (const selector of ['.audio-block audio.audio-player', '.album-block audio.album-player']) {
      const player = page.locator(selector);
      await expect(player.isVisible()).resolves.toBe(true);
      await expect(player.getAttribute('controls')).resolves.toBe('');
    }
    await expect(page.locator('.player-start:visible').count()).resolves.toBe(0);
  });
});

describe('the album player', () => {
  const album = '.album-block';
  const current = (page: Page) => page.$eval(`${album} .album-track.is-current`, (li) => (li as HTMLElement).dataset.index);

  it('plays the first track at the press of play, a track at the press of its title, and the next when one ends', async () => {
    const { page, context, errors } = await visitor(TRAILHEAD);
    await context.route('https://audio.trailheadsupply.co.uk/**', (route) => route.fulfill({ contentType: 'audio/wav', body: silence(1) }));
    await page.goto(url(TRAILHEAD, '/community'));
    await expect(page.locator('audio').count()).resolves.toBe(0);
    await page.locator(album).scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: /^Play Dawn, Stanage Edge$/ }).click();
    const player = page.locator(`${album} audio.album-player`);
    await eventually(async () => expect(await playing(page, `${album} audio`)).toBe(true));
    expect(await player.getAttribute('src')).toMatch(/\/01\.mp3$/);
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toBe('album-player');
    // a track's title plays it, where it is, and marks it current
    await page.locator(`${album} .album-track-title`).nth(2).click();
    expect(new URL(page.url()).pathname).toBe('/community');
    await eventually(async () => expect(await player.getAttribute('src')).toMatch(/\/03\.mp3$/));
    expect(await current(page)).toBe('2');
    await expect(page.locator(`${album} .album-track-title[aria-current]`).textContent()).resolves.toBe('North Lees Beck after Rain');
    // one second of silence later, the fourth
    await eventually(async () => expect(await player.getAttribute('src')).toMatch(/\/04\.mp3$/), 6000);
    expect(await current(page)).toBe('3');
    expect(errors).toEqual([]);
  });

  it('plays at a press made before its island has started (its chunk held back)', async () => {
    const { page, context } = await visitor(TRAILHEAD);
    await context.route('https://audio.trailheadsupply.co.uk/**', (route) => route.fulfill({ contentType: 'audio/wav', body: silence(2) }));
    const release = await holdChunk(page, 'album-player');
    await page.goto(url(TRAILHEAD, '/community'), { waitUntil: 'domcontentloaded' });
    await page.locator(album).scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: /^Play Dawn, Stanage Edge$/ }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/community');
    release();
    await eventually(async () => expect(await playing(page, `${album} audio`)).toBe(true));
  });
});

describe('likes and share buttons', () => {
  it('likes an item once per browser, remembered across a reload, and records the Like', async () => {
    const { page, sent } = await visitor(FERNWOOD);
    await page.goto(url(FERNWOOD, ITEM));
    const like = page.locator('.like-button');
    await eventually(async () => expect(await like.isEnabled()).toBe(true));
    const before = Number(await page.locator('.like-count').textContent());
    await like.click();
    await expect(like.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.locator('.like-count').textContent()).resolves.toBe(String(before + 1));
    await eventually(() => expect(events(sent, 'Like')).toHaveLength(1));
    expect(JSON.parse(new URLSearchParams(events(sent, 'Like')[0]!.body).get('data')!)).toMatchObject({ pagePath: ITEM });
    await page.reload();
    await eventually(async () => expect(await like.getAttribute('aria-pressed')).toBe('true'));
    await like.click();
    await expect(like.getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(page.locator('.like-count').textContent()).resolves.toBe(String(before));
    expect(events(sent, 'Like')).toHaveLength(1);
  });

  it("opens a share service in a small window with the item's address on the site's own domain, and records the Share", async () => {
    const { page, context, sent } = await visitor(FERNWOOD);
    await page.goto(url(FERNWOOD, ITEM));
    await hydrated(page, 'share-buttons');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /^X/ }).click()]);
    const opened = new URL(popup.url());
    expect(opened.hostname).toBe('x.com');
    // the address shared is the site's own (its primary domain over https), whatever host the page was read on
    expect(opened.searchParams.get('url')).toBe(`https://www.fernwoodjournal.com${ITEM}`);
    expect(page.url()).toBe(url(FERNWOOD, ITEM));
    await eventually(() => expect(events(sent, 'Share')).toHaveLength(1));
    expect(JSON.parse(new URLSearchParams(events(sent, 'Share')[0]!.body).get('data')!)).toMatchObject({ service: 'x' });
  });
});

describe('comment counts', () => {
  it("loads the comment service's count script only where a shortname is configured, and it writes the count", async () => {
    const plain = await visitor(FERNWOOD);
    await plain.page.goto(url(FERNWOOD, ITEM));
    await plain.page.waitForLoadState('load');
    await expect(plain.page.getByRole('link', { name: 'Comments' }).count()).resolves.toBe(1);
    expect(plain.sent.some((s) => s.url.includes('disqus'))).toBe(false);

    const { page, context, sent } = await visitor(CONFIGURED);
    await context.route(`https://${SHORTNAME}.disqus.com/count.js`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "document.querySelectorAll('a[href$=\"#disqus_thread\"]').forEach((a) => (a.textContent = '3 Comments'));",
      }),
    );
    const res = await page.goto(url(CONFIGURED, '/events/cave-dale-work-day'));
    // named in a strict policy; a page with owner code allows any https script already
    expect(res?.headers()['content-security-policy']).toMatch(
      new RegExp(`script-src [^;]*(https://${SHORTNAME}\\.disqus\\.com|https:(;| ))`),
    );
    await page.getByRole('link', { name: /Comments/ }).scrollIntoViewIfNeeded();
    await eventually(async () => expect(await page.getByRole('link', { name: '3 Comments' }).count()).toBe(1));
    expect(sent.filter((s) => s.url.includes('count.js'))).toHaveLength(1);
  });

  it("leaves the links reading 'Comments', with no error, when the count script fails, and sends a trace", async () => {
    const { page, context, errors, sent } = await visitor(CONFIGURED);
    await context.route(`https://${SHORTNAME}.disqus.com/count.js`, (route) => route.abort('internetdisconnected'));
    await page.goto(url(CONFIGURED, '/events/cave-dale-work-day'));
    await page.getByRole('link', { name: /Comments/ }).scrollIntoViewIfNeeded();
    await hydrated(page, 'comment-count');
    await expect(page.getByRole('link', { name: 'Comments' }).count()).resolves.toBe(1);
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    // the island's trace is on the page's one list, which the site runtime sends when the page is hidden. (Chromium does
    // not report a beacon sent while a document unloads to the test, so the page is hidden here without unloading.)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await eventually(() => expect(sent.filter((s) => s.path === '/api/events/Trace')).toHaveLength(1));
    const traces = JSON.parse(new URLSearchParams(sent.find((s) => s.path === '/api/events/Trace')!.body).get('data')!) as {
      type: string;
    }[];
    expect(traces.map((t) => t.type)).toEqual(['comment_count_failed']);
  });
});
