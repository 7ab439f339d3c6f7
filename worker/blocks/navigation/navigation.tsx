// The navigation block: one named navigation section of the site as a list of links, folders nested. A section longer
// than the site's menus show (SiteModel.navigation: NAVIGATION_LINKS_SHOWN links) ends in "More", a link to the
// section's own page, where this block draws it whole.
import type { NavigationItem } from '../../../shared/snapshot/schema.ts';
import { useRender } from '../../kit/context.tsx';
import { Link } from '../../kit/ui.tsx';
import type { BlockProps } from '../define.ts';
import { NewWindowHint } from '../parts/elements.tsx';
import type { NavigationData } from './schema.ts';

/**
 * 'mainNavigation' → 'Main links': the landmark's accessible name. Screen readers already say "navigation", and the
 * site header's own navigation is labelled 'Main', so a block showing the same section must not repeat that name.
 */
export function sectionLabel(section: string): string {
  const words = section
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/\bnavigation\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return 'Site links';
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} links`;
}

interface ResolvedLink {
  title: string;
  url: string;
  newWindow: boolean;
}

function NavItems({ items, orientation, depth }: { items: NavigationItem[]; orientation: 'horizontal' | 'vertical'; depth: number }) {
  const { site, url } = useRender();
  const resolve = (item: Exclude<NavigationItem, { kind: 'folder' }>): ResolvedLink | null => {
    if (item.kind === 'link') return { title: item.title, url: item.url, newWindow: item.newWindow };
    const entry = site.byId.get(item.id);
    if (!entry) return null;
    const e = entry.kind === 'page' ? entry.page : entry.collection;
    return { title: item.title ?? e.navigationTitle ?? e.title, url: site.entryUrl(entry), newWindow: false };
  };
  return (
    <ul className={depth === 0 ? 'cb-nav-list' : 'cb-nav-sublist'}>
      {items.map((item, i) => {
        if (item.kind === 'folder') {
          if (item.items.length === 0) return null;
          const inner = <NavItems items={item.items} orientation={orientation} depth={depth + 1} />;
          // Without client script a horizontal bar cannot open a hover menu reliably; <details> opens by click, tap
          // and keyboard and needs nothing else. A vertical list simply shows the folder's links indented.
          return (
            <li className="cb-nav-item cb-nav-folder" key={`folder-${i}`}>
              {orientation === 'horizontal' && depth === 0 ? (
                <details className="cb-nav-details">
                  <summary className="cb-nav-summary">{item.title}</summary>
                  {inner}
                </details>
              ) : (
                <>
                  <span className="cb-nav-folder-title">{item.title}</span>
                  {inner}
                </>
              )}
            </li>
          );
        }
        const link = resolve(item);
        if (!link) return null;
        // The same rule as the site header: a collection stays current on its item pages.
        const current =
          link.url === url.pathname || (link.url !== '/' && link.url.startsWith('/') && url.pathname.startsWith(`${link.url}/`));
        return (
          <li className="cb-nav-item" key={item.kind === 'page' ? item.id : `link-${i}`}>
            {current ? (
              <a className="cb-nav-link" href={link.url} aria-current="page">
                {link.title}
              </a>
            ) : (
              <Link className="cb-nav-link" href={link.url} newWindow={link.newWindow}>
                {link.title}
                {link.newWindow && <NewWindowHint />}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function NavigationBlock({ data }: BlockProps<NavigationData>) {
  const { site, route } = useRender();
  // whole on the section's own page (worker/routing/resolve.ts), cut short with a "More" link everywhere else
  const whole = !!route.page && route.page.urlId === site.navigationPage(data.section)?.urlId;
  const items = whole ? site.fullNavigation(data.section) : site.navigation(data.section);
  if (items.length === 0) return null;
  return (
    <nav className={`cb-nav cb-nav-${data.orientation}`} aria-label={sectionLabel(data.section)}>
      <NavItems items={items} orientation={data.orientation} depth={0} />
    </nav>
  );
}
