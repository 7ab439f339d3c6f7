// Intl.DateTimeFormat instances are costly to build (a large page formats hundreds of dates): one per language and
// options, kept for the life of the isolate.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateFormatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
