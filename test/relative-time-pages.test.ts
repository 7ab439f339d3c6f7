// §9 Relative time and dates on the pages that show them, in the site's language (website.language): an item's date
// and an event's start in the calendar wording with their age, kept up to date by the relative-time island, whose
// props carry what it needs; search results with their ages in the legacy wording. Copies of the fixtures are
// published with the language changed and dates set around the moment the test runs.
import { describe, expect, it } from 'vitest';
import { decodeIslands, ISLANDS_ELEMENT_ID } from '../shared/islands/protocol.ts';
import type { SiteSnapshot } from '../shared/snapshot/schema.ts';
import { publishCopy } from './support/api.ts';
import { textOf } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

const ITEM = '/journal/sunset-at-the-orientation-table';
const OLDER_ITEM = '/journal/what-the-stream-keeps';
const EVENT = '/events/film-night';
const H = 3_600_000;
const D = 24 * H;
const WEEKDAYS = {
  'en-GB': ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  'es-ES': ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  'fr-FR': ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
} as const;

/** Today at hh:mm UTC, `days` days from today (the sites below keep UTC, so that is the site's day). */
function dayAt(days: number, hours: number, minutes: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hours, minutes));
}

function itemOf(site: SiteSnapshot, path: string) {
  const [, collection, urlId] = path.split('/');
  return site.collections.find((c) => c.urlId === collection)!.items.find((i) => i.urlId === urlId)!;
}

/** A copy of fernwood in `language`, on UTC, with its item published at `publishOn` and another at `older`. */
async function fernwoodIn(identifier: string, language: string, publishOn: Date, older?: Date) {
  return publishCopy('fernwood', identifier, (site) => {
    site.website.language = language;
    site.website.timeZone = 'UTC';
    itemOf(site, ITEM).publishOn = publishOn.toISOString();
    if (older) itemOf(site, OLDER_ITEM).publishOn = older.toISOString();
  });
}

/** The relative-time islands of a page: the words drawn in each, and its props. */
function relativeTimes(html: string) {
  const payload = /<script type="application\/json" id="([^"]+)">([\s\S]*?)<\/script>/g;
  const islands = [...html.matchAll(payload)].find((m) => m[1] === ISLANDS_ELEMENT_ID);
  const props = islands ? decodeIslands(islands[2]!).props : [];
  return [
    ...html.matchAll(/<site-island data-island="relative-time" data-when="idle" data-island-id="(\d+)">([\s\S]*?)<\/site-island>/g),
  ].map((m) => {
    const part = (name: string) => new RegExp(`<span class="relative-${name}">([^<]*)</span>`).exec(m[2]!)?.[1];
    return { when: part('when'), age: part('age'), date: part('date'), props: props[Number(m[1])] as Record<string, unknown> };
  });
}

describe('an item’s date, in the site’s language', () => {
  it.each([
    ['en-GB', 'Yesterday at 15:04', /^\d{1,2} [A-Z][a-z]+ \d{4}$/],
    ['es-ES', 'ayer a las 15:04', /^\d{1,2} de [a-z]+ de \d{4}$/],
    ['fr-FR', 'Hier à 15:04', /^\d{1,2} [a-zéû]+ \d{4}$/],
  ])('%s: published yesterday at 15:04 reads %j, the date without script', async (language, words, date) => {
    const { host } = await fernwoodIn(`when-yesterday-${language.toLowerCase()}`, language, dayAt(-1, 15, 4));
    const before = Date.now();
    const html = await (await visit(host, ITEM)).text();
    const [time] = relativeTimes(html);
    expect(time).toMatchObject({ when: words, age: undefined });
    expect(time!.date).toMatch(date);
    // the island's props: what it needs to say the same at the same instant, and to go on from there
    expect(time!.props).toMatchObject({ language, timeZone: 'UTC', past: true });
    expect(Date.parse(time!.props.iso as string)).toBe(dayAt(-1, 15, 4).getTime());
    expect(time!.props.now).toBeGreaterThanOrEqual(before);
    expect(time!.props.now).toBeLessThanOrEqual(Date.now());
    expect(time!.props.label).toBe(time!.date);
  });

  it.each([
    ['en-GB', (weekday: string) => `last ${weekday} at 09:30`],
    ['es-ES', (weekday: string) => `el ${weekday} pasado a las 9:30`],
    ['fr-FR', (weekday: string) => `${weekday} dernier à 09:30`],
  ] as const)('%s: published three days ago names the weekday', async (language, words) => {
    const then = dayAt(-3, 9, 30);
    const { host } = await fernwoodIn(`when-weekday-${language.toLowerCase()}`, language, then);
    const [time] = relativeTimes(await (await visit(host, ITEM)).text());
    expect(time).toMatchObject({ when: words(WEEKDAYS[language][then.getUTCDay()]!), age: undefined });
  });

  it.each([
    ['en-GB', ' (2 weeks ago)'],
    ['es-ES', ' (hace 2 semanas)'],
    ['fr-FR', ' (il y a 2 semaines)'],
  ])('%s: published two weeks ago shows the date with its age, %j', async (language, age) => {
    const { host } = await fernwoodIn(`when-weeks-${language.toLowerCase()}`, language, new Date(Date.now() - 14 * D));
    const [time] = relativeTimes(await (await visit(host, ITEM)).text());
    expect(time!.when).toBe(time!.date);
    expect(time!.age).toBe(age);
  });

  it.each([
    ['en-GB', /^about [1-3]\d seconds ago$/],
    ['es-ES', /^hace unos [1-3]\d segundos$/],
    ['fr-FR', /^il y a environ [1-3]\d secondes$/],
  ])('%s: published seconds ago has the live label', async (language, words) => {
    const { host } = await fernwoodIn(`when-now-${language.toLowerCase()}`, language, new Date(Date.now() - 20_000));
    const [time] = relativeTimes(await (await visit(host, ITEM)).text());
    expect(time!.when).toMatch(words);
    expect(time!.age).toBeUndefined();
  });

  it('is written in English, with an English clock, on a site in another language; its date stays the site’s', async () => {
    const { host } = await fernwoodIn('when-german', 'de-DE', dayAt(-1, 15, 4));
    const [time] = relativeTimes(await (await visit(host, ITEM)).text());
    expect(time!.when).toBe('Yesterday at 3:04 PM');
    expect(time!.date).toMatch(/^\d{1,2}\. [A-Z][a-zä]+ \d{4}$/);
  });
});

describe('an event’s start', () => {
  it.each([
    ['en-GB', 'Tomorrow at 19:00'],
    ['es-ES', 'mañana a las 19:00'],
    ['fr-FR', 'Demain à 19:00'],
  ])('%s: an event tomorrow evening reads %j, its day without script', async (language, words) => {
    const { host } = await publishCopy('trailhead', `event-${language.toLowerCase()}`, (site) => {
      site.website.language = language;
      site.website.timeZone = 'UTC';
      const event = itemOf(site, EVENT).event!;
      event.startDate = dayAt(1, 19, 0).toISOString();
      event.endDate = dayAt(1, 21, 30).toISOString();
    });
    const html = await (await visit(host, EVENT)).text();
    const details = /<dl class="event-details">[\s\S]*?<\/dl>/.exec(html)![0];
    const [start] = relativeTimes(details);
    expect(start).toMatchObject({ when: words, age: undefined });
    // an event may be ahead: it is not held to the past as a publish date is
    expect(relativeTimes(html).find((t) => t.props?.past === false)).toBeDefined();
    expect(textOf(details)).toContain('19:00 – 21:30');
  });
});

describe('search results', () => {
  it.each([
    ['en-GB', 'about 5 hours ago'],
    ['es-ES', 'hace unas 5 horas'],
    ['fr-FR', 'il y a environ 5 heures'],
  ])('%s: a hit says its age in the legacy wording, %j; a hit older than 30 days only its date', async (language, age) => {
    const { host } = await fernwoodIn(
      `search-${language.toLowerCase()}`,
      language,
      new Date(Date.now() - 5 * H - 60_000),
      new Date(Date.now() - 40 * D),
    );
    const hit = async (query: string, path: string) => {
      const html = await (await visit(host, `/search?q=${query}`)).text();
      const li = html.split('<li>').find((part) => part.includes(`<h2><a href="${path}">`));
      expect(li, `${path} is found`).toBeDefined();
      return textOf(/<p class="meta">([\s\S]*?)<\/p>/.exec(li!)![1]!).trim();
    };
    expect(await hit('Orientation', ITEM)).toMatch(new RegExp(`^Journal · [^·]+ · ${age}$`));
    expect(await hit('Stream', OLDER_ITEM)).toMatch(/^Journal · [^·]+$/);
  });
});
