// Posts of a collection grouped by author, tag, category, month or year: the posts-by blocks and the archive.
import { dateFormatter } from '../../../shared/date-format.ts';
import { keptOrMade } from '../../../shared/kept.ts';
import type { Item } from '../../../shared/snapshot/schema.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { contentUrl } from '../../../shared/urls.ts';
import { useRender } from '../../kit/context.tsx';
import { countLabel, PostList, type CollectionView } from './collection.tsx';
import { BlockHeading, EmptyNote } from './elements.tsx';
import { compareNames } from './collate.ts';

interface Group {
  key: string;
  label: string;
  items: Item[];
  /** the §2 filter that lists exactly this group on the collection page; absent when there is none (years) */
  filter?: { type: 'author' | 'tag' | 'category' | 'month'; name: string };
}

/** Posts shown under each group before a link to the group's filtered list takes over. */
export const ITEMS_PER_GROUP = 5;

interface GroupedPostsProps {
  view: CollectionView;
  groups: Group[];
  perGroup: number;
  showDates: boolean;
  /** what the grouping is, shown after the collection's title: 'by tag', 'archive' */
  sub: string;
}

export function GroupedPosts({ view, groups, perGroup, showDates, sub }: GroupedPostsProps) {
  const { collection, url } = view;
  return (
    <section className="cb-grouped">
      <BlockHeading href={url} sub={sub}>
        {collection.title}
      </BlockHeading>
      {groups.length === 0 ? (
        <EmptyNote />
      ) : (
        <div className="cb-groups">
          {groups.map((group) => {
            const filterUrl = group.filter ? contentUrl(collection.urlId, group.filter) : undefined;
            const shown = group.items.slice(0, perGroup);
            return (
              <section className="cb-group" key={group.key}>
                <h3 className="cb-group-heading">
                  {filterUrl ? <a href={filterUrl}>{group.label}</a> : group.label}{' '}
                  <span className="cb-group-count">{countLabel(group.items.length)}</span>
                </h3>
                <PostList collection={collection} items={shown} showDate={showDates} className="cb-posts-compact" />
                {filterUrl && group.items.length > shown.length && (
                  <p className="cb-more">
                    <a href={filterUrl}>
                      All {countLabel(group.items.length)}
                      <VisuallyHidden> for {group.label}</VisuallyHidden>
                    </a>
                  </p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

const byLabel = (a: Group, b: Group) => compareNames(a.label, b.label);

export function labelGroups(items: readonly Item[], type: 'author' | 'tag' | 'category', keysOf: (item: Item) => string[]): Group[] {
  return [...groupItems(items, keysOf)]
    .map(([name, list]): Group => ({ key: name, label: name, items: list, filter: { type, name } }))
    .sort(byLabel);
}

/** Groups by calendar month or year (as the dates are written, like the collection page's month filter), newest first. */
export function useTimeGroups(items: readonly Item[], by: 'month' | 'year'): Group[] {
  const { site } = useRender();
  // each date read once, not once per comparison
  const newestFirst = items
    .map((item) => ({ item, at: Date.parse(item.publishOn) }))
    .sort((a, b) => b.at - a.at)
    .map(({ item }) => item);
  const keyOf = by === 'month' ? (i: Item) => monthKey(i.publishOn) : (i: Item) => monthKey(i.publishOn).slice(0, 4);
  return [...groupItems(newestFirst, (i) => [keyOf(i)])].map(([key, list]) =>
    by === 'month'
      ? { key, label: monthLabel(key, site.website.language), items: list, filter: { type: 'month', name: key } }
      : { key, label: key, items: list },
  );
}

/**
 * The month of an ISO date as 'YYYY-MM', read from the date as written: the {filterName} of a `?month=` content URL
 * (§2), matched the same way by the collection page's filter.
 */
export function monthKey(iso: string): string {
  return iso.slice(0, 7);
}

/** 'March 2026' for '2026-03', in the site's language. */
export function monthLabel(key: string, language: string): string {
  // a handful of languages times the months a site has posts in: small, and the same on every render
  return keptOrMade(monthLabels, `${language}|${key}`, 4096, () => {
    const [year, month] = key.split('-').map(Number) as [number, number];
    return dateFormatter(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 15)));
  });
}
const monthLabels = new Map<string, string>();

/** Groups items by one or more keys each, keeping the items' order inside a group and the first-seen group order. */
export function groupItems(items: readonly Item[], keysOf: (item: Item) => string[]): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    for (const key of new Set(keysOf(item))) {
      const list = groups.get(key);
      if (list) list.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}
