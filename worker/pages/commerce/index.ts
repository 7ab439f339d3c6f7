// The commerce and special page types (§2 codes 104, 200-205, 300, 301), for the page registry.
import type { PageTypeName } from '../../../shared/codes.ts';
import type { PageDefinition } from '../types.ts';
import { CartBody, CartV2Body } from './cart-page.tsx';
import { CheckoutBody, checkoutTitle } from './checkout-page.tsx';
import { ContributionConfirmedBody, DonateBody } from './donate-page.tsx';
import { EmailPreviewBody, emailPreviewTitle } from './email-preview-page.tsx';
import { NewsletterUnsubscribeBody } from './newsletter-unsubscribe-page.tsx';
import { OrderConfirmedBody } from './order-confirmed-page.tsx';
import { PopupOverlayBody } from './popup-overlay-page.tsx';
import { findDonation } from '../../kit/store.tsx';

export type CommercePageName = Extract<
  PageTypeName,
  | 'SHOW_CART'
  | 'COMMERCE_CART_V2'
  | 'CHECKOUT'
  | 'ORDER_CONFIRMED'
  | 'DONATE'
  | 'CONTRIBUTION_CONFIRMED'
  | 'NEWSLETTER_UNSUBSCRIBE'
  | 'COMMERCE_EMAIL_PREVIEW'
  | 'POPUP_OVERLAY'
>;

// None of these pages is content worth a search result: carts, checkouts, receipts and one-visitor forms.
export const commercePages = {
  SHOW_CART: { Body: CartBody, chrome: 'site', title: () => 'Shopping Cart', indexable: false },
  COMMERCE_CART_V2: { Body: CartV2Body, chrome: 'site', title: () => 'Shopping Cart', indexable: false },
  CHECKOUT: { Body: CheckoutBody, chrome: 'site', title: ({ route }) => checkoutTitle(!!route.store?.giftCard), indexable: false },
  ORDER_CONFIRMED: { Body: OrderConfirmedBody, chrome: 'site', title: () => 'Order Confirmed', indexable: false },
  DONATE: {
    Body: DonateBody,
    chrome: 'site',
    title: ({ site, route }) => findDonation(site, route.donationBlockId)?.title || 'Donate',
    description: ({ site, route }) => findDonation(site, route.donationBlockId)?.description || undefined,
    indexable: false,
  },
  CONTRIBUTION_CONFIRMED: { Body: ContributionConfirmedBody, chrome: 'site', title: () => 'Thank You', indexable: false },
  NEWSLETTER_UNSUBSCRIBE: { Body: NewsletterUnsubscribeBody, chrome: 'minimal', title: () => 'Unsubscribe', indexable: false },
  COMMERCE_EMAIL_PREVIEW: { Body: EmailPreviewBody, chrome: 'email', title: emailPreviewTitle, indexable: false },
  POPUP_OVERLAY: {
    Body: PopupOverlayBody,
    chrome: 'minimal',
    title: ({ site }) => {
      const popup = site.settings.popupOverlaySettings;
      return popup && popup.style !== 'NONE' ? popup.title || 'Popup Overlay' : 'Popup Overlay';
    },
    indexable: false,
  },
} satisfies Record<CommercePageName, PageDefinition>;
