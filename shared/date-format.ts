// Intl's formatters are costly to build (a large page formats hundreds of dates): one per locale and options, kept
// for the life of the isolate (or the page, in the browser).
const formatters = new Map<string, Intl.DateTimeFormat>();
const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
const plurals = new Map<string, Intl.PluralRules>();

export function dateFormatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 'auto' says 'yesterday' and 'last year' where the language has a word for them; 'always' says '1 day ago'. */
export function relativeFormatter(language: string, numeric: 'auto' | 'always'): Intl.RelativeTimeFormat {
  const key = `${language}|${numeric}`;
  let formatter = relativeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(language, { numeric });
    relativeFormatters.set(key, formatter);
  }
  return formatter;
}

export function pluralRules(language: string): Intl.PluralRules {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    plurals.set(language, rules);
  }
  return rules;
}
