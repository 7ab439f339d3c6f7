// The HTML document around every page type: head (title, description, canonical, Open Graph, styles, page context)
// and, for site chrome, the header with navigation, the overlays of §4 and the footer.
import { Link } from '../kit/ui.tsx';
import type { ReactNode } from 'react';
import { BADGE_TYPES, MOBILE_INFO_BAR_STYLES, PAGE_TYPES, WEBSITE_TYPES } from '../../shared/codes.ts';
import { showAnnouncementBar, showBadge, showMobileInfoBar } from '../../shared/overlays.ts';
import { ANNOUNCEMENT_DISMISSED_KEY, textKey } from '../../shared/site-runtime.ts';
import { encodeForScript, PAGE_CONTEXT_ELEMENT_ID, type PageContext } from '../../shared/page-context.ts';
import { imageVariantUrl } from '../../shared/images.ts';
import type { NavigationItem } from '../../shared/snapshot/schema.ts';
import { TURNSTILE_SCRIPT_URL } from '../forms/spam.ts';
import { PopupOverlay } from '../overlays/popup-overlay.tsx';
import { ProductBadge } from '../overlays/product-badge.tsx';
import { turnstileOnPage } from './policy.ts';
import type { PageDefinition } from '../pages/types.ts';
import { RenderContext, absoluteUrl, useRender, type RenderState } from '../kit/context.tsx';
import { sharedStylesheet, siteVariables } from './styles.ts';
import { webFontsLoader } from './web-fonts.ts';
import { Icon } from '../../shared/ui/icon.tsx';
import { Img } from '../../shared/ui/img.tsx';
import { STORE_PAGES } from '../../shared/store-api.ts';
import { cartBadgeIsland } from '../pages/commerce/cart-badge.view.tsx';
import { productsCollection } from '../kit/store.tsx';
import { Island } from '../kit/island.tsx';
import { isProductDomain } from '../../shared/product-domains.ts';

export function pageContext(state: RenderState): PageContext {
  const { site, route } = state;
  const { website, settings } = site;
  const collection = route.collection;
  return {
    pageType: PAGE_TYPES[route.pageType],
    pageTypeName: route.pageType,
    surface: route.surface ?? null,
    collection: collection ? { id: collection.id, title: collection.title, type: collection.type, urlId: collection.urlId } : null,
    item: route.item ? { id: route.item.id, title: route.item.title, recordType: route.item.recordType } : null,
    templateId: website.templateId,
    authenticatedAccount: state.session ? { id: state.session.account.id, displayName: state.session.account.displayName } : null,
    permissions: state.session?.permissions ?? {},
    appDomain: website.appDomain,
    isProductionEnvironment: isProductDomain(website.appDomain),
    website: {
      id: website.id,
      identifier: website.identifier,
      baseUrl: website.baseUrl,
      developerMode: website.developerMode,
      websiteType: website.websiteType,
      title: website.title,
      language: website.language,
      timeZone: website.timeZone,
    },
    tweakJSON: site.snapshot.tweakJSON,
    betaFeatureFlags: settings.betaFeatureFlags,
    websiteSettings: {
      storeSettings: {
        selectedCurrency: settings.storeSettings.selectedCurrency,
        measurementStandard: settings.storeSettings.measurementStandard,
        expressCheckout: settings.storeSettings.expressCheckout,
      },
      commentsEnabled: settings.commentsEnabled,
      useEscapeKeyToLogin: settings.useEscapeKeyToLogin,
      isRestrictiveCookiePolicyEnabled: settings.cookieSettings.isRestrictiveCookiePolicyEnabled,
      announcementBarSettings: settings.announcementBarSettings ?? null,
      mobileInfoBarSettings: settings.mobileInfoBarSettings ?? null,
      popupOverlaySettings: settings.popupOverlaySettings ?? null,
      pinOverlayMode: settings.pinOverlayOptions.mode,
      cookieNotice: settings.EU_COOKIE_POLICY
        ? {
            position: settings.EU_COOKIE_POLICY,
            text:
              settings.EU_COOKIE_TEXT ??
              'We use cookies to help us improve, promote, and protect our services. By continuing to use the site, you agree to our cookie policy.',
            buttonLabel: settings.EU_COOKIE_BUTTON_LABEL ?? 'Continue',
          }
        : null,
    },
    version: site.version,
  };
}

function NavList({ items, currentPath }: { items: NavigationItem[]; currentPath: string }) {
  const { site } = useRender();
  return (
    <ul>
      {items.map((item, i) => {
        if (item.kind === 'link') {
          return (
            <li key={`l${i}`}>
              <a href={item.url} target={item.newWindow ? '_blank' : undefined} rel={item.newWindow ? 'noopener noreferrer' : undefined}>
                {item.title}
              </a>
            </li>
          );
        }
        if (item.kind === 'folder') {
          return (
            <li key={`f${i}`} className="folder">
              {/* a disclosure of its own: keyboard, touch and screen readers open it as a mouse does, with or without script */}
              <details>
                <summary>{item.title}</summary>
                <NavList items={item.items} currentPath={currentPath} />
              </details>
            </li>
          );
        }
        const entry = site.byId.get(item.id);
        if (!entry) return null;
        const target = entry.kind === 'page' ? entry.page : entry.collection;
        const href = site.entryUrl(entry);
        const current = currentPath === href || (href !== '/' && currentPath.startsWith(`${href}/`));
        return (
          <li key={item.id}>
            <a href={href} aria-current={current ? 'page' : undefined}>
              {item.title ?? target.navigationTitle ?? target.title}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The id of the main navigation, which the phone-width menu button opens as a popover. */
export const SITE_MENU_ID = 'site-menu';

/**
 * The site header: title or logo and the main navigation. On a phone the navigation is a popover the Menu button
 * opens: the browser does the disclosure (expanded state, Escape, focus back to the button, a click outside closes),
 * with or without JavaScript, and a browser without popovers shows the navigation as on a wide screen.
 */
function SiteHeader() {
  const { site, url } = useRender();
  const { website } = site;
  const centered = site.tweak('@headerStyle') === 'centered';
  const main = site.navigation('mainNavigation');
  return (
    <header className={centered ? 'site-header centered' : 'site-header'}>
      <div className="wrap">
        <a className={website.logo ? 'site-logo' : 'site-title'} href="/">
          {website.logo ? <Img image={website.logo} alt={website.title} displayWidth={200} sizes="200px" priority /> : website.title}
        </a>
        {main.length > 0 && (
          <>
            <button type="button" className="site-menu-button" popoverTarget={SITE_MENU_ID} aria-controls={SITE_MENU_ID}>
              <Icon name="menu" />
              Menu
            </button>
            <nav className="site-nav" id={SITE_MENU_ID} popover="auto" aria-label="Main">
              <div className="site-menu-head">
                <span className="site-menu-title" aria-hidden="true">
                  {website.title}
                </span>
                <button type="button" className="site-menu-close" popoverTarget={SITE_MENU_ID} popoverTargetAction="hide" autoFocus>
                  <Icon name="close" />
                  Close
                </button>
              </div>
              <NavList items={main} currentPath={url.pathname} />
            </nav>
          </>
        )}
        {productsCollection(site) && (
          <Island
            island={cartBadgeIsland}
            props={{ cartUrl: STORE_PAGES.cart, affiliatePixelUrl: site.settings.affiliatePixelUrl }}
            when="idle"
          />
        )}
      </div>
    </header>
  );
}

function SiteFooter() {
  const { site, url } = useRender();
  const { website, settings } = site;
  const footerNav = site.navigation('footerNavigation');
  return (
    <footer className="site-footer">
      <div className="wrap">
        <div>
          <p>
            <strong>{website.title}</strong>
          </p>
          {website.footer.text && <p>{website.footer.text}</p>}
          {website.footer.address && <address>{website.footer.address}</address>}
        </div>
        {footerNav.length > 0 && (
          <nav aria-label="Footer">
            <NavList items={footerNav} currentPath={url.pathname} />
          </nav>
        )}
        {showBadge(settings.ssBadgeType) && (
          <div>
            <a className={`badge ${settings.ssBadgeType === BADGE_TYPES.BLACK ? 'black' : 'white'}`} href={`https://${website.appDomain}/`}>
              Made with Site Builder
            </a>
          </div>
        )}
      </div>
    </footer>
  );
}

function SiteOverlays() {
  const { site, route } = useRender();
  const { settings } = site;
  const overlayPage = { pageType: route.pageType, collectionType: route.collection?.type };
  const bar = settings.announcementBarSettings;
  const info = settings.mobileInfoBarSettings;
  return (
    <>
      {bar && showAnnouncementBar(bar, overlayPage) && (
        <div className="announcement-bar" role="region" aria-label="Announcement" data-announcement-key={announcementKey(bar)}>
          {bar.url ? <a href={bar.url}>{bar.text}</a> : bar.text}
          {/* the site runtime shows it and remembers the dismissal */}
          <button type="button" className="announcement-close" aria-label="Dismiss announcement" hidden>
            ×
          </button>
        </div>
      )}
      {info && showMobileInfoBar(info) && (
        <div
          className={`mobile-info-bar ${info.style === MOBILE_INFO_BAR_STYLES.DARK ? 'dark' : 'light'}`}
          role="region"
          aria-label="Contact"
        >
          {info.text && <span>{info.text}</span>}
          {/* Link keeps §5's lengths: a tel: link of 50 characters or more, a mailto: of 1000, is plain text */}
          {info.phone && <Link href={`tel:${info.phone.replace(/[^+\d]/g, '')}`}>{info.phone}</Link>}
          {info.email && <Link href={`mailto:${info.email}`}>{info.email}</Link>}
        </div>
      )}
      <PopupOverlay mode="overlay" />
    </>
  );
}

/** Which announcement a dismissal is for: a new text shows again to visitors who dismissed the last one. */
const announcementKey = (bar: { text?: string | undefined; url?: string | undefined }) => textKey(`${bar.text ?? ''}|${bar.url ?? ''}`);

/**
 * A dismissed announcement is hidden before the first paint (no flash, no layout shift): a few bytes of inline script
 * with the nonce read the remembered dismissal. Only on pages that draw the bar.
 */
function AnnouncementDismissal({ state }: { state: RenderState }) {
  const bar = state.site.settings.announcementBarSettings;
  if (!bar || !showAnnouncementBar(bar, { pageType: state.route.pageType, collectionType: state.route.collection?.type })) return null;
  const js = `try{localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISSED_KEY)})===${JSON.stringify(announcementKey(bar))}&&document.documentElement.classList.add("announcement-dismissed")}catch(e){}`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, its two values written as JSON literals
  return <script nonce={state.nonce} dangerouslySetInnerHTML={{ __html: js }} />;
}

/** §7: the web-font service's kit, when the site has one (worker/render/web-fonts.ts). */
function WebFonts({ state }: { state: RenderState }) {
  const js = webFontsLoader(state.site);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, its one value (the kit's URL from a checked token) written as a JSON literal
  return js && <script nonce={state.nonce} dangerouslySetInnerHTML={{ __html: js }} />;
}

function Head({ definition, state }: { definition: PageDefinition; state: RenderState }) {
  const { site, route, url, nonce } = state;
  const { website } = site;
  const own = definition.title(state);
  const title = own && own !== website.title ? `${own} — ${website.title}` : website.title;
  const description = definition.description?.(state) ?? website.description;
  const canonical = absoluteUrl(state, url.pathname + canonicalQuery(url));
  const image = route.item?.assetImage ?? route.page?.socialImage ?? route.collection?.socialImage ?? website.socialImage;
  const imageUrl = image ? absoluteUrl(state, image.src.startsWith('/media/') ? imageVariantUrl(image.src, 1500) : image.src) : undefined;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {!definition.indexable && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={website.title} />
      <meta property="og:title" content={own || website.title} />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content={route.pageType === 'CONTENT_ITEM' ? 'article' : 'website'} />
      {description && <meta property="og:description" content={description} />}
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="theme-color" content={site.tweak('accentColor') ?? '#2f5d50'} />
      <link rel="icon" href="data:," />
      <link rel="stylesheet" href={sharedStylesheet().href} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: CSS variables from the site's checked tweaks, written by siteVariables */}
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: siteVariables(site) }} />
      {definition.chrome === 'site' && <AnnouncementDismissal state={state} />}
      <WebFonts state={state} />
      <script
        type="application/json"
        id={PAGE_CONTEXT_ELEMENT_ID}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element by encodeForScript
        dangerouslySetInnerHTML={{ __html: encodeForScript(pageContext(state)) }}
      />
    </head>
  );
}

/** Only the §2 filter survives into the canonical URL; other query parameters do not make another page. */
function canonicalQuery(url: URL): string {
  // most pages are asked for without a query: nothing to look up
  if (url.search.length <= 1) return '';
  for (const key of ['category', 'tag', 'author', 'month', 'page', 'q']) {
    const v = url.searchParams.get(key);
    if (v) return `?${key}=${encodeURIComponent(v)}`;
  }
  return '';
}

function bodyClass(state: RenderState, definition: PageDefinition): string {
  const type = state.route.surface ?? state.route.pageType.toLowerCase().replace(/_/g, '-');
  const site = state.site.website.websiteType === WEBSITE_TYPES.COVER_PAGE ? ' cover-page-site' : '';
  return `page-type-${type}${site}${definition.chrome === 'minimal' ? ' card-page' : ''}`;
}

export function Document({ definition, state }: { definition: PageDefinition; state: RenderState }): ReactNode {
  const { Body } = definition;
  const { website } = state.site;
  let body: ReactNode;
  if (definition.chrome === 'email') {
    body = <Body />;
  } else if (definition.chrome === 'bare') {
    body = (
      <main id="main">
        <Body />
      </main>
    );
  } else if (definition.chrome === 'minimal') {
    body = (
      <>
        <header>
          <a className="site-title" href="/">
            {website.title}
          </a>
        </header>
        <main id="main">
          <Body />
        </main>
      </>
    );
  } else {
    body = (
      <>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteOverlays />
        <SiteHeader />
        <main id="main">
          <Body />
        </main>
        <SiteFooter />
        <ProductBadge />
      </>
    );
  }
  const injection = definition.chrome === 'email' ? undefined : website.codeInjection;
  return (
    <RenderContext.Provider value={state}>
      <html lang={website.language}>
        <Head definition={definition} state={state} />
        <body
          className={bodyClass(state, definition)}
          data-preview-stock-images={state.site.settings.hasPreviewStockImages ? '' : undefined}
        >
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's code injection is theirs to place, as §1 says */}
          {injection?.header && <div className="code-injection" dangerouslySetInnerHTML={{ __html: injection.header }} />}
          {body}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's code injection is theirs to place, as §1 says */}
          {injection?.footer && <div className="code-injection" dangerouslySetInnerHTML={{ __html: injection.footer }} />}
          {state.scripts.map((src) => (
            // deferred, not async: React 19 hoists an async script into the head, where it may run before the body
            // exists; a module script without async runs once the document is parsed and never holds up first paint
            <script key={src} type="module" src={src} nonce={state.nonce} />
          ))}
          {turnstileOnPage(state.site, state.route, state.url, definition.chrome) && (
            <script src={TURNSTILE_SCRIPT_URL} nonce={state.nonce} async defer />
          )}
        </body>
      </html>
    </RenderContext.Provider>
  );
}
