// §9 Relative time and dates: the relative wording of an instant (its thresholds, 'just now', weeks from 7 days, the
// last-year and next-year variants), the calendar wording ('Today at', 'Yesterday at', 'Tomorrow at', 'last <weekday>
// at') and the legacy wording of an age, in English, Spanish and French with their plural and gender forms. Pure
// functions of two instants, a language and a time zone, so the server and the browser draw the same words for the
// same instant, and the tables are tested as tables (test/relative-time-rules.test.ts).
//
// Intl says what it can say the way the spec does: the numbers ('5 minutes ago', 'hace 5 minutos', 'il y a 5
// minutes'), 'today', 'yesterday', 'tomorrow', 'last year' and 'next year' in each language, weekdays, times and
// the plural category of a number. What it cannot say ('just now', 'about N seconds', 'a minute', 'last Monday at',
// the legacy phrases) is written below, per language.
import { dateFormatter, pluralRules, relativeFormatter } from './date-format.ts';

/** §9: live labels are refreshed this often. */
export const RELATIVE_REFRESH_MS = 5000;

/**
 * §9 thresholds, as moment.js's relativeTimeThreshold reads them: up to `ss` seconds is 'just now', under `s` seconds
 * is N seconds, under `m` minutes N minutes, under `h` hours N hours, under `d` days N days (from 7 days N weeks),
 * under `M` months N months, then years.
 */
export const THRESHOLDS = { s: 60, ss: 0, m: 60, h: 24, d: 30, M: 12 } as const;

/** §9: '7 or more days are shown as weeks'. */
export const WEEKS_FROM_DAYS = 7;

/** The languages §9 has words for. */
export type Wording = 'en' | 'es' | 'fr';

/**
 * The words and the Intl locale of a site's language (`website.language`, e.g. 'en-GB', 'es-ES', 'fr-FR'): its own
 * for English, Spanish and French (times, weekdays and dates as that region writes them: 'en-GB' says 15:04, 'en-US'
 * 3:04 PM); any other language, or a tag Intl refuses, is written in English ('en'), so no line mixes two languages.
 */
export function dateLanguage(language: string): { wording: Wording; locale: string } {
  let locale: string | undefined;
  try {
    locale = Intl.getCanonicalLocales(language)[0];
  } catch {
    locale = undefined;
  }
  const primary = locale?.split('-')[0];
  if (locale && (primary === 'en' || primary === 'es' || primary === 'fr')) return { wording: primary, locale };
  return { wording: 'en', locale: 'en' };
}

type SingularUnit = 'minute' | 'hour' | 'day' | 'week' | 'month';
type Plural = Intl.LDMLPluralRule;

interface Words {
  /** 'just now': up to THRESHOLDS.ss seconds, either way */
  justNow: string;
  /** 'about N seconds ago' (the live label), or 'in about N seconds', by N's plural category */
  seconds(n: number, plural: Plural, future: boolean): string;
  /** the one-unit phrases, past and future, each with the article of its noun's gender */
  one: Record<SingularUnit, readonly [past: string, future: string]>;
  /** the calendar: 'Today at 3:04 PM'; `day` is Intl's word for today, yesterday or tomorrow; `hour` the hour as written */
  day(day: string, time: string, hour: number): string;
  lastWeek(weekday: string, time: string, hour: number): string;
  nextWeek(weekday: string, time: string, hour: number): string;
  /** the legacy table's phrases Intl cannot say ('N minutes ago', '1 day ago' and 'N days ago' it can) */
  legacy: { underAMinute: string; aboutAMinute: string; aboutAnHour: string; aboutHours(n: number): string };
}

const upper = (s: string, locale: string) => s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);

/**
 * The words of each language, and the forms §9 means. English: a plural ('one' is 1 only: 'about 1 second ago',
 * 'about 2 seconds ago') and the article 'an' before 'hour'. Spanish: a plural ('one' is 1) and two genders: 'un
 * minuto', 'un día', 'un mes' but 'una hora', 'una semana'; 'unos N segundos' but 'unas N horas'; the article of the
 * time agrees with the hour as written: 'a la 1:05' (and 'a la 1:05 p.m.' on Mexico's 12-hour clock) but 'a las
 * 15:04' and 'a las 0:05'; weekdays are masculine: 'el lunes pasado'. French: a plural whose 'one' is 0 and 1, and
 * two genders: 'une minute', 'une heure', 'une semaine' but 'un jour', 'un mois', 'un an'; weekdays are masculine:
 * 'lundi dernier', never 'dernière', which only the last-year variant takes ('l’année dernière', from Intl).
 */
const WORDS: Record<Wording, Words> = {
  en: {
    justNow: 'just now',
    seconds: (n, plural, future) => {
      const unit = plural === 'one' ? 'second' : 'seconds';
      return future ? `in about ${n} ${unit}` : `about ${n} ${unit} ago`;
    },
    one: {
      minute: ['a minute ago', 'in a minute'],
      hour: ['an hour ago', 'in an hour'],
      day: ['a day ago', 'in a day'],
      week: ['a week ago', 'in a week'],
      month: ['a month ago', 'in a month'],
    },
    day: (day, time) => `${upper(day, 'en')} at ${time}`,
    lastWeek: (weekday, time) => `last ${weekday} at ${time}`,
    nextWeek: (weekday, time) => `${weekday} at ${time}`,
    legacy: {
      underAMinute: 'less than a minute ago',
      aboutAMinute: 'about a minute ago',
      aboutAnHour: 'about an hour ago',
      aboutHours: (n) => `about ${n} hours ago`,
    },
  },
  es: {
    justNow: 'ahora mismo',
    seconds: (n, plural, future) => {
      const about = plural === 'one' ? `cerca de ${n} segundo` : `unos ${n} segundos`;
      return future ? `dentro de ${about}` : `hace ${about}`;
    },
    one: {
      minute: ['hace un minuto', 'dentro de un minuto'],
      hour: ['hace una hora', 'dentro de una hora'],
      day: ['hace un día', 'dentro de un día'],
      week: ['hace una semana', 'dentro de una semana'],
      month: ['hace un mes', 'dentro de un mes'],
    },
    // 'hoy a las 15:04', 'ayer a la 1:05': lower case, as Spanish writes them
    day: (day, time, hour) => `${day} ${esAt(hour)} ${time}`,
    lastWeek: (weekday, time, hour) => `el ${weekday} pasado ${esAt(hour)} ${time}`,
    nextWeek: (weekday, time, hour) => `${weekday} ${esAt(hour)} ${time}`,
    legacy: {
      underAMinute: 'hace menos de un minuto',
      aboutAMinute: 'hace cerca de un minuto',
      aboutAnHour: 'hace cerca de una hora',
      aboutHours: (n) => `hace unas ${n} horas`,
    },
  },
  fr: {
    justNow: 'à l’instant',
    seconds: (n, plural, future) => {
      const unit = plural === 'one' ? 'seconde' : 'secondes';
      return future ? `dans environ ${n} ${unit}` : `il y a environ ${n} ${unit}`;
    },
    one: {
      minute: ['il y a une minute', 'dans une minute'],
      hour: ['il y a une heure', 'dans une heure'],
      day: ['il y a un jour', 'dans un jour'],
      week: ['il y a une semaine', 'dans une semaine'],
      month: ['il y a un mois', 'dans un mois'],
    },
    day: (day, time) => `${upper(day, 'fr')} à ${time}`,
    lastWeek: (weekday, time) => `${weekday} dernier à ${time}`,
    nextWeek: (weekday, time) => `${weekday} à ${time}`,
    legacy: {
      underAMinute: 'il y a moins d’une minute',
      aboutAMinute: 'il y a environ une minute',
      aboutAnHour: 'il y a environ une heure',
      aboutHours: (n) => `il y a environ ${n} heures`,
    },
  },
};

/** Spanish 'a la' before one o'clock, 'a las' before every other hour (Intl's plural category of the hour). */
const esAt = (hour: number) => (pluralRules('es').select(hour) === 'one' ? 'a la' : 'a las');

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** moment.js's month and year of days: 400 Gregorian years hold 146097 days and 4800 months. */
const MONTH = (146_097 / 4800) * DAY;
const YEAR = (146_097 / 400) * DAY;

/**
 * §9 relative wording of `then` seen at `now`, by the thresholds: each unit counted by rounding, as moment.js does
 * (90 s is 2 minutes; 45 days is a month, 46 two). 'just now' either way; the past says 'ago', the future 'in'.
 * A year away is the last-year or next-year variant ('last year', 'el año pasado', 'l’année dernière').
 */
export function relativeTime(then: number, now: number, language: string): string {
  const { wording, locale } = dateLanguage(language);
  const words = WORDS[wording];
  const future = then > now;
  const span = Math.abs(now - then);
  const count = (ms: number) => Math.round(span / ms);
  const numbered = (n: number, unit: Intl.RelativeTimeFormatUnit) => relativeFormatter(locale, 'always').format(future ? n : -n, unit);
  const one = (unit: SingularUnit) => words.one[unit][future ? 1 : 0];

  const seconds = count(SECOND);
  if (seconds <= THRESHOLDS.ss) return words.justNow;
  if (seconds < THRESHOLDS.s) return words.seconds(seconds, pluralRules(locale).select(seconds), future);
  const minutes = count(MINUTE);
  if (minutes <= 1) return one('minute');
  if (minutes < THRESHOLDS.m) return numbered(minutes, 'minute');
  const hours = count(HOUR);
  if (hours <= 1) return one('hour');
  if (hours < THRESHOLDS.h) return numbered(hours, 'hour');
  const days = count(DAY);
  if (days <= 1) return one('day');
  if (days < WEEKS_FROM_DAYS) return numbered(days, 'day');
  if (days < THRESHOLDS.d) {
    const weeks = count(7 * DAY);
    return weeks <= 1 ? one('week') : numbered(weeks, 'week');
  }
  const months = count(MONTH);
  if (months <= 1) return one('month');
  if (months < THRESHOLDS.M) return numbered(months, 'month');
  const years = count(YEAR);
  if (years <= 1) return relativeFormatter(locale, 'auto').format(future ? 1 : -1, 'year');
  return numbered(years, 'year');
}

/** §9 legacy wording of an age (a past instant: an age below zero reads as none), in the language's words. */
export function legacyAge(ageMs: number, language: string): string {
  const { wording, locale } = dateLanguage(language);
  const legacy = WORDS[wording].legacy;
  const numbered = (n: number, unit: Intl.RelativeTimeFormatUnit) => relativeFormatter(locale, 'always').format(-n, unit);
  const s = Math.max(0, Math.floor(ageMs / SECOND));
  if (s < 60) return legacy.underAMinute;
  if (s < 120) return legacy.aboutAMinute;
  if (s < 3600) return numbered(Math.floor(s / 60), 'minute');
  if (s < 7200) return legacy.aboutAnHour;
  if (s < 86_400) return legacy.aboutHours(Math.floor(s / 3600));
  if (s < 172_800) return numbered(1, 'day');
  return numbered(Math.floor(s / 86_400), 'day');
}

/** moment.js's calendar() kinds: the day of `then` against the day of `now`, in the site's time zone. */
export type CalendarKind = 'sameDay' | 'lastDay' | 'nextDay' | 'lastWeek' | 'nextWeek' | 'sameElse';

/** The instant's date in a time zone, as a count of days. */
function zonedDay(at: number, timeZone: string): number {
  const parts = dateFormatter('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(at)
    .reduce<Record<string, number>>((all, p) => {
      if (p.type !== 'literal') all[p.type] = Number(p.value);
      return all;
    }, {});
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!) / DAY;
}

/** Which calendar wording `then` takes at `now`: the same day, the day before or after, the six days before or after. */
export function calendarKind(then: number, now: number, timeZone: string): CalendarKind {
  const days = zonedDay(then, timeZone) - zonedDay(now, timeZone);
  if (days < -6 || days > 6) return 'sameElse';
  if (days < -1) return 'lastWeek';
  if (days === -1) return 'lastDay';
  if (days === 0) return 'sameDay';
  if (days === 1) return 'nextDay';
  return 'nextWeek';
}

/**
 * §9 calendar wording of `then` at `now`: 'Today at 3:04 PM', 'Yesterday at …', 'Tomorrow at …', 'last Monday at …'
 * and, for the six days ahead, 'Monday at …'; null a week or more away (sameElse), where the caller shows the date as
 * the site formats it.
 */
export function calendarTime(then: number, now: number, language: string, timeZone: string): string | null {
  const kind = calendarKind(then, now, timeZone);
  if (kind === 'sameElse') return null;
  const { wording, locale } = dateLanguage(language);
  const words = WORDS[wording];
  const parts = dateFormatter(locale, { timeStyle: 'short', timeZone }).formatToParts(then);
  // ICUs differ in the space they put before AM/PM or around 'h' (Node 20's ICU 78 writes U+202F where workerd's
  // writes U+0020): written with plain spaces, the time reads the same from every engine, server and browser alike
  const time = parts
    .map((p) => p.value)
    .join('')
    .replace(/\p{Zs}/gu, ' ');
  // the hour as the time is written (1 in '1:05 p.m.'): Spanish agrees its article with it
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  if (kind === 'lastWeek' || kind === 'nextWeek') {
    const weekday = dateFormatter(locale, { weekday: 'long', timeZone }).format(then);
    return kind === 'lastWeek' ? words.lastWeek(weekday, time, hour) : words.nextWeek(weekday, time, hour);
  }
  const day = relativeFormatter(locale, 'auto').format(kind === 'lastDay' ? -1 : kind === 'nextDay' ? 1 : 0, 'day');
  return words.day(day, time, hour);
}
