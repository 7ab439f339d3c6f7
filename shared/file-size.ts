// File sizes as a visitor reads them (§9 Other): under 1000 bytes '~1KB', under 1,000,000 whole kilobytes ('412KB'),
// otherwise whole megabytes ('44MB'); decimal units, rounded to the nearest.
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1000) return '~1KB';
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)}KB`;
  return `${Math.round(bytes / 1_000_000)}MB`;
}
