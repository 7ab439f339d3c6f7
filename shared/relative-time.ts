// Relative time labels (§9 Relative time and dates): the live label of something that just happened, refreshed every
// 5000 ms, and the legacy wording of an age. Pure, so the tables are tested as tables.

/** §9: live labels are refreshed this often. */
export const RELATIVE_REFRESH_MS = 5000;

/**
 * §9 live label: 'just now' at 0 s, 'about {secondsDifference} seconds ago' under 60 s, otherwise the formatted date
 * (null here: the caller shows its own).
 */
export function liveLabel(ageMs: number): string | null {
  const seconds = Math.floor(ageMs / 1000);
  if (seconds <= 0) return 'just now';
  if (seconds < 60) return `about ${seconds} seconds ago`;
  return null;
}

/** §9 legacy wording of an age. */
export function legacyLabel(ageMs: number): string {
  const s = Math.max(0, Math.floor(ageMs / 1000));
  if (s < 60) return 'less than a minute ago';
  if (s < 120) return 'about a minute ago';
  if (s < 3600) return `${Math.floor(s / 60)} minutes ago`;
  if (s < 7200) return 'about an hour ago';
  if (s < 86_400) return `about ${Math.floor(s / 3600)} hours ago`;
  if (s < 172_800) return '1 day ago';
  return `${Math.floor(s / 86_400)} days ago`;
}
