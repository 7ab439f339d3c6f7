// Affiliate tracking (§7 Tracking pixels): a hidden 1x1 frame per campaign to the affiliate network, with cid and
// irchannel, qty1=1 for purchases, and the caller's parameters. Two campaigns each for a signup and for a purchase.
// The network's pixel address is the site's `settings.affiliatePixelUrl` (the spec names no network); without it no
// pixel fires.

export type AffiliateEvent = 'signup' | 'purchase';

/** §7: the campaigns of each event, as cid / irchannel */
export const AFFILIATE_CAMPAIGNS: Record<AffiliateEvent, readonly { cid: number; irchannel: number }[]> = {
  signup: [
    { cid: 1291, irchannel: 2895 },
    { cid: 362, irchannel: 794 },
  ],
  purchase: [
    { cid: 1291, irchannel: 2959 },
    { cid: 362, irchannel: 795 },
  ],
};

/** The frames' addresses for an event: the network's pixel URL with each campaign's query and the caller's parameters. */
export function affiliatePixelUrls(base: string, event: AffiliateEvent, params: Record<string, string> = {}): string[] {
  return AFFILIATE_CAMPAIGNS[event].map(({ cid, irchannel }) => {
    const url = new URL(base);
    url.searchParams.set('cid', String(cid));
    url.searchParams.set('irchannel', String(irchannel));
    if (event === 'purchase') url.searchParams.set('qty1', '1');
    for (const [key, value] of Object.entries(params)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    return url.toString();
  });
}
