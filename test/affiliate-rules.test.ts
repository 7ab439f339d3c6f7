// §7 Tracking pixels as a table: the affiliate frames' addresses of a signup and of a purchase.
import { describe, expect, it } from 'vitest';
import { AFFILIATE_CAMPAIGNS, affiliatePixelUrls } from '../shared/affiliate.ts';

const BASE = 'https://affiliates.network.test/pixel';

describe('affiliate pixels', () => {
  it('keeps §7’s campaigns', () => {
    expect(AFFILIATE_CAMPAIGNS).toEqual({
      signup: [
        { cid: 1291, irchannel: 2895 },
        { cid: 362, irchannel: 794 },
      ],
      purchase: [
        { cid: 1291, irchannel: 2959 },
        { cid: 362, irchannel: 795 },
      ],
    });
  });

  it.each([
    ['a signup', 'signup', {}, [`${BASE}?cid=1291&irchannel=2895`, `${BASE}?cid=362&irchannel=794`]],
    [
      'a purchase adds qty1=1 and the caller’s parameters',
      'purchase',
      { orderId: 'TH-1' },
      [`${BASE}?cid=1291&irchannel=2959&qty1=1&orderId=TH-1`, `${BASE}?cid=362&irchannel=795&qty1=1&orderId=TH-1`],
    ],
    ['a caller cannot change a campaign', 'signup', { cid: '1' }, [`${BASE}?cid=1291&irchannel=2895`, `${BASE}?cid=362&irchannel=794`]],
  ] as const)('%s', (_rule, event, params, urls) => {
    expect(affiliatePixelUrls(BASE, event, params)).toEqual(urls);
  });
});
