// Affiliate pixels in the browser (§7 Tracking pixels): hidden 1x1 frames to the site's affiliate network for a
// newsletter signup or a purchase (shared/affiliate.ts). The network's frames may set cookies of their own, so under
// the restrictive cookie policy nothing is sent before consent (§6); nothing is sent for a logged-in account (§6).
import { affiliatePixelUrls, type AffiliateEvent } from '../../shared/affiliate.ts';
import { readPageContext } from '../lib/page-context.ts';
import { waitsForConsent } from './third-party.ts';

export function fireAffiliatePixels(base: string | undefined, event: AffiliateEvent, params: Record<string, string> = {}): void {
  if (!base || waitsForConsent() || readPageContext()?.authenticatedAccount) return;
  for (const src of affiliatePixelUrls(base, event, params)) {
    const frame = document.createElement('iframe');
    Object.assign(frame, { src, width: '1', height: '1', tabIndex: -1, title: 'Affiliate tracking' });
    frame.setAttribute('aria-hidden', 'true');
    frame.className = 'affiliate-pixel';
    frame.style.cssText = 'position:absolute;width:1px;height:1px;border:0;left:-9999px;top:0;visibility:hidden';
    document.body.append(frame);
  }
}
