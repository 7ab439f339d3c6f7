// §9 Relative time and dates, as tables per language (en, es, fr): the relative wording by the thresholds (s 60, ss 0,
// m 60, h 24, d 30, M 12; 'just now'; weeks from 7 days; the last-year and next-year variants), the calendar wording
// ('Today at', 'Yesterday at', 'Tomorrow at', 'last <weekday> at'), the legacy table, and the line a page draws from
// them. The expected words are written out here, not asked of Intl: the same tables hold in workerd, on Node and in
// Chromium (test/e2e/relative-time.test.ts draws them in the browser).
import { describe, expect, it } from 'vitest';
import { calendarKind, calendarTime, dateLanguage, legacyAge, relativeTime, THRESHOLDS, WEEKS_FROM_DAYS } from '../shared/relative-time.ts';
import { dateLine } from '../worker/pages/engagement/engagement-text.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
/** a Wednesday, noon in UTC */
const NOW = Date.parse('2026-11-18T12:00:00Z');
const LANGUAGES = ['en-US', 'es-ES', 'fr-FR'] as const;

/** Each row's words per language, one test per language, so a failure names the language. */
function perLanguage<T extends unknown[]>(rows: [...T, en: string | null, es: string | null, fr: string | null][]) {
  return rows.flatMap((row) => {
    const words = row.slice(-3) as (string | null)[];
    const given = row.slice(0, -3) as T;
    return LANGUAGES.map((language, i) => [language, ...given, words[i]!] as [string, ...T, string | null]);
  });
}

describe('§9 thresholds', () => {
  it('are the spec’s, with weeks from 7 days', () => {
    expect(THRESHOLDS).toEqual({ s: 60, ss: 0, m: 60, h: 24, d: 30, M: 12 });
    expect(WEEKS_FROM_DAYS).toBe(7);
  });
});

describe('§9 relative wording of a past instant', () => {
  // how long ago, rounded per unit as moment.js rounds: up to ss (0) s 'just now', under s (60) s about N seconds, then
  // a minute up to 1.5 minutes, N minutes under m (60), an hour, N hours under h (24), a day, N days, from 7 days
  // weeks, from d (30) days months, from M (12) months years: a year away is the last-year variant
  it.each(
    perLanguage<[string, number]>([
      ['0 s', 0, 'just now', 'ahora mismo', 'à l’instant'],
      ['0.4 s (rounds to 0)', 400, 'just now', 'ahora mismo', 'à l’instant'],
      ['1 s (one)', 1 * S, 'about 1 second ago', 'hace cerca de 1 segundo', 'il y a environ 1 seconde'],
      ['2 s (other)', 2 * S, 'about 2 seconds ago', 'hace unos 2 segundos', 'il y a environ 2 secondes'],
      ['59 s', 59 * S, 'about 59 seconds ago', 'hace unos 59 segundos', 'il y a environ 59 secondes'],
      ['59.6 s (rounds to 60)', 59_600, 'a minute ago', 'hace un minuto', 'il y a une minute'],
      ['89 s', 89 * S, 'a minute ago', 'hace un minuto', 'il y a une minute'],
      ['90 s (rounds to 2 minutes)', 90 * S, '2 minutes ago', 'hace 2 minutos', 'il y a 2 minutes'],
      ['59 minutes', 59 * M, '59 minutes ago', 'hace 59 minutos', 'il y a 59 minutes'],
      ['59.5 minutes (rounds to 60)', 59.5 * M, 'an hour ago', 'hace una hora', 'il y a une heure'],
      ['89 minutes', 89 * M, 'an hour ago', 'hace una hora', 'il y a une heure'],
      ['90 minutes', 90 * M, '2 hours ago', 'hace 2 horas', 'il y a 2 heures'],
      ['23 hours', 23 * H, '23 hours ago', 'hace 23 horas', 'il y a 23 heures'],
      ['23.5 hours (rounds to 24)', 23.5 * H, 'a day ago', 'hace un día', 'il y a un jour'],
      ['36 hours', 36 * H, '2 days ago', 'hace 2 días', 'il y a 2 jours'],
      ['6 days', 6 * D, '6 days ago', 'hace 6 días', 'il y a 6 jours'],
      ['6.5 days (rounds to 7: weeks)', 6.5 * D, 'a week ago', 'hace una semana', 'il y a une semaine'],
      ['10 days', 10 * D, 'a week ago', 'hace una semana', 'il y a une semaine'],
      ['11 days', 11 * D, '2 weeks ago', 'hace 2 semanas', 'il y a 2 semaines'],
      ['29 days', 29 * D, '4 weeks ago', 'hace 4 semanas', 'il y a 4 semaines'],
      ['30 days', 30 * D, 'a month ago', 'hace un mes', 'il y a un mois'],
      ['45 days', 45 * D, 'a month ago', 'hace un mes', 'il y a un mois'],
      ['46 days', 46 * D, '2 months ago', 'hace 2 meses', 'il y a 2 mois'],
      ['320 days', 320 * D, '11 months ago', 'hace 11 meses', 'il y a 11 mois'],
      ['351 days (rounds to 12 months)', 351 * D, 'last year', 'el año pasado', 'l’année dernière'],
      ['547 days', 547 * D, 'last year', 'el año pasado', 'l’année dernière'],
      ['548 days', 548 * D, '2 years ago', 'hace 2 años', 'il y a 2 ans'],
      ['10 years', 3653 * D, '10 years ago', 'hace 10 años', 'il y a 10 ans'],
    ]),
  )('%s: %s ago is %j', (language, _, ago, words) => {
    expect(relativeTime(NOW - ago, NOW, language)).toBe(words);
  });
});

describe('§9 relative wording of a future instant', () => {
  it.each(
    perLanguage<[string, number]>([
      ['0 s', 0, 'just now', 'ahora mismo', 'à l’instant'],
      ['1 s', 1 * S, 'in about 1 second', 'dentro de cerca de 1 segundo', 'dans environ 1 seconde'],
      ['20 s', 20 * S, 'in about 20 seconds', 'dentro de unos 20 segundos', 'dans environ 20 secondes'],
      ['a minute', 1 * M, 'in a minute', 'dentro de un minuto', 'dans une minute'],
      ['5 minutes', 5 * M, 'in 5 minutes', 'dentro de 5 minutos', 'dans 5 minutes'],
      ['an hour', 1 * H, 'in an hour', 'dentro de una hora', 'dans une heure'],
      ['3 hours', 3 * H, 'in 3 hours', 'dentro de 3 horas', 'dans 3 heures'],
      ['a day', 1 * D, 'in a day', 'dentro de un día', 'dans un jour'],
      ['3 days', 3 * D, 'in 3 days', 'dentro de 3 días', 'dans 3 jours'],
      ['a week', 7 * D, 'in a week', 'dentro de una semana', 'dans une semaine'],
      ['3 weeks', 21 * D, 'in 3 weeks', 'dentro de 3 semanas', 'dans 3 semaines'],
      ['a month', 31 * D, 'in a month', 'dentro de un mes', 'dans un mois'],
      ['5 months', 150 * D, 'in 5 months', 'dentro de 5 meses', 'dans 5 mois'],
      ['a year', 365 * D, 'next year', 'el próximo año', 'l’année prochaine'],
      ['3 years', 1096 * D, 'in 3 years', 'dentro de 3 años', 'dans 3 ans'],
    ]),
  )('%s: %s ahead is %j', (language, _, ahead, words) => {
    expect(relativeTime(NOW + ahead, NOW, language)).toBe(words);
  });
});

describe('§9 calendar wording', () => {
  // NOW is Wednesday 18 November 2026, 12:00 UTC. Spanish says 'a la' before one o'clock and 'a las' otherwise; French
  // and Spanish weekdays are masculine ('lundi dernier', 'el lunes pasado'); English and French start with a capital
  // where the wording is a day's name, Spanish writes it in lower case.
  it.each(
    perLanguage<[string, string]>([
      ['later today', '2026-11-18T15:04:00Z', 'Today at 3:04 PM', 'hoy a las 15:04', 'Aujourd’hui à 15:04'],
      ['earlier today, just after midnight', '2026-11-18T00:05:00Z', 'Today at 12:05 AM', 'hoy a las 0:05', 'Aujourd’hui à 00:05'],
      ['yesterday', '2026-11-17T15:04:00Z', 'Yesterday at 3:04 PM', 'ayer a las 15:04', 'Hier à 15:04'],
      ['yesterday at one', '2026-11-17T01:05:00Z', 'Yesterday at 1:05 AM', 'ayer a la 1:05', 'Hier à 01:05'],
      ['yesterday at thirteen', '2026-11-17T13:05:00Z', 'Yesterday at 1:05 PM', 'ayer a las 13:05', 'Hier à 13:05'],
      ['tomorrow', '2026-11-19T15:04:00Z', 'Tomorrow at 3:04 PM', 'mañana a las 15:04', 'Demain à 15:04'],
      ['two days ago', '2026-11-16T15:04:00Z', 'last Monday at 3:04 PM', 'el lunes pasado a las 15:04', 'lundi dernier à 15:04'],
      ['three days ago', '2026-11-15T09:30:00Z', 'last Sunday at 9:30 AM', 'el domingo pasado a las 9:30', 'dimanche dernier à 09:30'],
      ['six days ago', '2026-11-12T23:59:00Z', 'last Thursday at 11:59 PM', 'el jueves pasado a las 23:59', 'jeudi dernier à 23:59'],
      ['seven days ago: the date', '2026-11-11T15:04:00Z', null, null, null],
      ['in two days', '2026-11-20T19:00:00Z', 'Friday at 7:00 PM', 'viernes a las 19:00', 'vendredi à 19:00'],
      ['in six days', '2026-11-24T01:00:00Z', 'Tuesday at 1:00 AM', 'martes a la 1:00', 'mardi à 01:00'],
      ['in seven days: the date', '2026-11-25T19:00:00Z', null, null, null],
      ['a year ago: the date', '2025-11-18T12:00:00Z', null, null, null],
    ]),
  )('%s: %s (%s) is %j', (language, _, iso, words) => {
    expect(calendarTime(Date.parse(iso), NOW, language, 'UTC')).toBe(words);
  });

  it.each([
    // the day is the site's: 03:00 UTC is still yesterday evening in New York, and 09:00 UTC already yesterday in Auckland
    ['UTC', '2026-11-18T03:00:00Z', 'sameDay', 'Today at 3:00 AM'],
    ['America/New_York', '2026-11-18T03:00:00Z', 'lastDay', 'Yesterday at 10:00 PM'],
    ['Pacific/Auckland', '2026-11-18T09:00:00Z', 'lastDay', 'Yesterday at 10:00 PM'],
    ['Pacific/Auckland', '2026-11-18T11:30:00Z', 'sameDay', 'Today at 12:30 AM'],
    // over a change of clocks (Europe/London leaves summer time on 25 October 2026) a day is still a day
    ['Europe/London', '2026-10-24T12:00:00Z', 'lastDay', 'Yesterday at 1:00 PM'],
  ] as const)('in %s, %s is %s: %j', (timeZone, iso, kind, words) => {
    const now = iso.startsWith('2026-10') ? Date.parse('2026-10-25T12:00:00Z') : NOW;
    expect(calendarKind(Date.parse(iso), now, timeZone)).toBe(kind);
    expect(calendarTime(Date.parse(iso), now, 'en-US', timeZone)).toBe(words);
  });
});

describe('§9 legacy wording', () => {
  // the spec's table, at each edge: under 60 s, under 120 s, under 1 h (N minutes), under 2 h, under 1 day (about N
  // hours), under 2 days ('1 day ago'), otherwise N days; counted down (59.9 s is under a minute)
  it.each(
    perLanguage<[string, number]>([
      ['0 s', 0, 'less than a minute ago', 'hace menos de un minuto', 'il y a moins d’une minute'],
      ['59.9 s', 59_900, 'less than a minute ago', 'hace menos de un minuto', 'il y a moins d’une minute'],
      ['60 s', 60 * S, 'about a minute ago', 'hace cerca de un minuto', 'il y a environ une minute'],
      ['119 s', 119 * S, 'about a minute ago', 'hace cerca de un minuto', 'il y a environ une minute'],
      ['120 s', 120 * S, '2 minutes ago', 'hace 2 minutos', 'il y a 2 minutes'],
      ['59 minutes', 59 * M + 59 * S, '59 minutes ago', 'hace 59 minutos', 'il y a 59 minutes'],
      ['1 hour', 1 * H, 'about an hour ago', 'hace cerca de una hora', 'il y a environ une heure'],
      ['1 h 59', 2 * H - S, 'about an hour ago', 'hace cerca de una hora', 'il y a environ une heure'],
      ['2 hours', 2 * H, 'about 2 hours ago', 'hace unas 2 horas', 'il y a environ 2 heures'],
      ['23 h 59', D - S, 'about 23 hours ago', 'hace unas 23 horas', 'il y a environ 23 heures'],
      ['1 day', 1 * D, '1 day ago', 'hace 1 día', 'il y a 1 jour'],
      ['1 day 23 h', 2 * D - S, '1 day ago', 'hace 1 día', 'il y a 1 jour'],
      ['2 days', 2 * D, '2 days ago', 'hace 2 días', 'il y a 2 jours'],
      ['29 days', 29 * D, '29 days ago', 'hace 29 días', 'il y a 29 jours'],
      ['a clock behind: -5 s', -5 * S, 'less than a minute ago', 'hace menos de un minuto', 'il y a moins d’une minute'],
    ]),
  )('%s: %s is %j', (language, _, age, words) => {
    expect(legacyAge(age, language)).toBe(words);
  });
});

describe('the site’s language', () => {
  it.each([
    ['en-GB', 'en', 'en-GB'],
    ['en-US', 'en', 'en-US'],
    ['es-ES', 'es', 'es-ES'],
    ['es-MX', 'es', 'es-MX'],
    ['fr-FR', 'fr', 'fr-FR'],
    ['fr-CA', 'fr', 'fr-CA'],
    ['fr', 'fr', 'fr'],
    // §9 has words for en, es and fr only: any other language is written in English, dates and times too
    ['de-DE', 'en', 'en'],
    ['pt-BR', 'en', 'en'],
    // a tag Intl refuses
    ['en_GB!', 'en', 'en'],
  ] as const)('%s is written in %s, with times and dates of %s', (language, wording, locale) => {
    expect(dateLanguage(language)).toEqual({ wording, locale });
  });

  it('decides the clock: en-GB says 15:04, en-US 3:04 PM, es-MX 3:04 p.m., fr-CA 15 h 04', () => {
    const then = Date.parse('2026-11-17T15:04:00Z');
    expect(calendarTime(then, NOW, 'en-GB', 'UTC')).toBe('Yesterday at 15:04');
    expect(calendarTime(then, NOW, 'en-US', 'UTC')).toBe('Yesterday at 3:04 PM');
    expect(calendarTime(then, NOW, 'es-MX', 'UTC')).toBe('ayer a las 3:04 p.m.');
    // the article agrees with the hour as the clock writes it
    expect(calendarTime(Date.parse('2026-11-17T13:05:00Z'), NOW, 'es-MX', 'UTC')).toBe('ayer a la 1:05 p.m.');
    expect(calendarTime(then, NOW, 'fr-CA', 'UTC')).toBe('Hier à 15 h 04');
    expect(calendarTime(then, NOW, 'de-DE', 'UTC')).toBe('Yesterday at 3:04 PM');
    expect(relativeTime(NOW - 3 * D, NOW, 'de-DE')).toBe('3 days ago');
  });
});

describe('the line a page draws for a date (dateLine)', () => {
  const place = (iso: string, language: string, past = true) => ({ iso, language, timeZone: 'UTC', past });
  it.each(
    perLanguage<[string, string, boolean]>([
      // the first minute: the live label alone, refreshed every 5 s
      ['published 20 s ago', '2026-11-18T11:59:40Z', true, 'about 20 seconds ago', 'hace unos 20 segundos', 'il y a environ 20 secondes'],
      // a browser clock behind the server's: a publish date is never in the future
      ['published 3 s "ahead"', '2026-11-18T12:00:03Z', true, 'just now', 'ahora mismo', 'à l’instant'],
      // an event may be
      [
        'an event 30 s ahead',
        '2026-11-18T12:00:30Z',
        false,
        'in about 30 seconds',
        'dentro de unos 30 segundos',
        'dans environ 30 secondes',
      ],
      // today: the time, and how long ago
      [
        'published at 09:00',
        '2026-11-18T09:00:00Z',
        true,
        'Today at 9:00 AM (3 hours ago)',
        'hoy a las 9:00 (hace 3 horas)',
        'Aujourd’hui à 09:00 (il y a 3 heures)',
      ],
      [
        'published 2 minutes ago',
        '2026-11-18T11:58:00Z',
        true,
        'Today at 11:58 AM (2 minutes ago)',
        'hoy a las 11:58 (hace 2 minutos)',
        'Aujourd’hui à 11:58 (il y a 2 minutes)',
      ],
      [
        'an event tonight',
        '2026-11-18T19:00:00Z',
        false,
        'Today at 7:00 PM (in 7 hours)',
        'hoy a las 19:00 (dentro de 7 horas)',
        'Aujourd’hui à 19:00 (dans 7 heures)',
      ],
      // within six days the words say the day: no age beside them
      ['published yesterday', '2026-11-17T15:04:00Z', true, 'Yesterday at 3:04 PM', 'ayer a las 15:04', 'Hier à 15:04'],
      [
        'published on Monday',
        '2026-11-16T15:04:00Z',
        true,
        'last Monday at 3:04 PM',
        'el lunes pasado a las 15:04',
        'lundi dernier à 15:04',
      ],
      ['an event tomorrow', '2026-11-19T19:00:00Z', false, 'Tomorrow at 7:00 PM', 'mañana a las 19:00', 'Demain à 19:00'],
      // a week or more: the site's date, and its age in weeks, months or years
      [
        'published 2 weeks ago',
        '2026-11-04T12:00:00Z',
        true,
        '{date} (2 weeks ago)',
        '{date} (hace 2 semanas)',
        '{date} (il y a 2 semaines)',
      ],
      [
        'published 13 months ago',
        '2025-10-18T12:00:00Z',
        true,
        '{date} (last year)',
        '{date} (el año pasado)',
        '{date} (l’année dernière)',
      ],
      [
        'an event in 3 weeks',
        '2026-12-09T19:00:00Z',
        false,
        '{date} (in 3 weeks)',
        '{date} (dentro de 3 semanas)',
        '{date} (dans 3 semaines)',
      ],
    ]),
  )('%s: %s (%s) reads %j', (language, _, iso, past, words) => {
    const line = dateLine(place(iso, language, past), NOW);
    expect(`${line.when ?? '{date}'}${line.age ? ` (${line.age})` : ''}`).toBe(words);
  });
});
