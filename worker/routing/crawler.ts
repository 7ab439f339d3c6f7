// Crawlers and link unfurlers that do not run scripts get the whole page at once (every Suspense part in place).

const CRAWLER = /bot\b|crawler|spider|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse-ci|validator/i;

export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && CRAWLER.test(userAgent);
}
