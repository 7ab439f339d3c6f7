// Posts of a collection grouped by author, tag, category, month or year: the posts-by blocks and the archive. The groups
// and their counts come from the collection's filter records (made at publish); each group shown with its posts reads the
// first chunk of its own list. A block draws a bounded page whatever the collection holds: the first groups with their
// posts, the next ones as links with their counts, and how many more there are.
import { dateFormatter } from '../../../shared/date-format.ts';
import { keptOrMade } from '../../../shared/kept.ts';
import type { FacetValue } from '../../../shared/snapshot/records.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { contentUrl } from '../../../shared/urls.ts';
import { useAsync, useRender } from '../../kit/context.tsx';
import { all, andThen, type Maybe } from '../../site/maybe.ts';
import type { CollectionMeta, ItemSummary, SiteModel } from '../../site/model.ts';
import { countLabel, PostList } from './collection.tsx';
import { BlockHeading, EmptyNote } from './elements.tsx';
import { compareNames } from './collate.ts';

interface Group {
  key: string;
  label: string;
  /** how many posts the group has */
  count: number;
  /** the posts drawn under it (none for a group listed by name only) */
  items: readonly ItemSummary[];
  /** the §2 filter that lists exactly this group on the collection page; absent when there is none (years) */
  filter?: { type: 'author' | 'tag' | 'category' | 'month'; name: string };
  /** a year listed by name only: its months, as links */
  months?: Group[];
}

export interface Grouped {
  collection: CollectionMeta;
  url: string;
  groups: Group[];
  /** groups beyond those drawn */
  more: number;
}

/** Posts shown under each group before a link to the group's filtered list takes over. */
export const ITEMS_PER_GROUP = 5;
/** Groups a posts-by block draws with their posts; the groups after them are links with their counts. */
export const GROUPS_WITH_POSTS = 40;
/** Groups drawn at most (with posts or as links); the rest are counted ("and 12 more"). */
export const GROUPS_SHOWN = 200;
/** Posts the archive draws at most, newest first, before its groups become links with their counts. */
export const ARCHIVE_POSTS = 100;

interface GroupedPostsProps {
  grouped: Grouped;
  showDates: boolean;
  /** what the grouping is, shown after the collection's title: 'by tag', 'archive' */
  sub: string;
}

function GroupHeading({ collection, group }: { collection: CollectionMeta; group: Group }) {
  const filterUrl = group.filter ? contentUrl(collection.urlId, group.filter) : undefined;
  return (
    <h3 className="cb-group-heading">
      {filterUrl ? <a href={filterUrl}>{group.label}</a> : group.label} <span className="cb-group-count">{countLabel(group.count)}</span>
    </h3>
  );
}

export function GroupedPosts({ grouped, showDates, sub }: GroupedPostsProps) {
  const { collection, url, groups, more } = grouped;
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
            return (
              <section className="cb-group" key={group.key}>
                <GroupHeading collection={collection} group={group} />
                {group.items.length > 0 && (
                  <PostList collection={collection} items={group.items} showDate={showDates} className="cb-posts-compact" />
                )}
                {group.months && group.months.length > 0 && (
                  <ul className="cb-group-months">
                    {group.months.map((month) => (
                      <li key={month.key}>
                        <a href={contentUrl(collection.urlId, month.filter!)}>{month.label}</a>{' '}
                        <span className="cb-group-count">{countLabel(month.count)}</span>
                      </li>
                    ))}
                  </ul>
                )}
                {filterUrl && group.items.length > 0 && group.count > group.items.length && (
                  <p className="cb-more">
                    <a href={filterUrl}>
                      All {countLabel(group.count)}
                      <VisuallyHidden> for {group.label}</VisuallyHidden>
                    </a>
                  </p>
                )}
              </section>
            );
          })}
        </div>
      )}
      {more > 0 && (
        <p className="cb-more">
          <a href={url}>
            And {more} more
            <VisuallyHidden> in {collection.title}</VisuallyHidden>
          </a>
        </p>
      )}
    </section>
  );
}

/** The newest `count` entries of a group's list (a hand-ordered collection's whole group, sorted by date). */
function newestOf(site: SiteModel, collection: CollectionMeta, value: FacetValue, count: number): Maybe<ItemSummary[]> {
  if (count <= 0) return [];
  if (collection.ordering !== 'user') return site.slice(value.list, 0, count);
  // at most 250 items: read whole and sorted as the block always sorted them
  return andThen(site.slice(value.list, 0, value.list.total), (items) => newestFirst(items).slice(0, count));
}

function newestFirst(items: readonly ItemSummary[]): ItemSummary[] {
  // each date read once, not once per comparison
  return items
    .map((item) => ({ item, at: Date.parse(item.publishOn) }))
    .sort((a, b) => b.at - a.at)
    .map(({ item }) => item);
}

/** The groups of a collection by author, tag or category (by name), the first with their newest posts. */
export function useLabelGroups(collectionId: string, type: 'author' | 'tag' | 'category'): Grouped | null {
  const { site, now } = useRender();
  return useAsync(`groups:${collectionId}:${type}`, () => {
    const collection = site.collection(collectionId);
    if (!collection) return null;
    return andThen(site.facet(collection, type, now), (facet) => {
      const values = Object.values(facet?.values ?? {}).sort((a, b) => compareNames(a.name, b.name));
      const shown = values.slice(0, GROUPS_SHOWN);
      return andThen(
        all(shown.map((value, i) => newestOf(site, collection, value, i < GROUPS_WITH_POSTS ? ITEMS_PER_GROUP : 0))),
        (lists): Grouped => ({
          collection,
          url: site.entryUrl({ kind: 'collection', collection }),
          groups: shown.map((value, i) => ({
            key: value.name,
            label: value.name,
            count: value.count,
            items: lists[i]!,
            filter: { type, name: value.name },
          })),
          more: values.length - shown.length,
        }),
      );
    });
  });
}

/**
 * The groups of a collection by calendar month or year (as the dates are written, like the collection page's month
 * filter), newest first, their posts drawn until `posts` are drawn in all (perGroup at most under one group); the groups
 * after that are links with their counts (a year's months as links).
 */
export function useTimeGroups(collectionId: string, by: 'month' | 'year', posts: number, perGroup: number): Grouped | null {
  const { site, now } = useRender();
  return useAsync(`time-groups:${collectionId}:${by}:${posts}:${perGroup}`, () => {
    const collection = site.collection(collectionId);
    if (!collection) return null;
    const language = site.website.language;
    return andThen(site.facet(collection, 'month', now), (facet) => {
      const months = Object.entries(facet?.values ?? {}).sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
      const monthGroup = ([key, value]: [string, FacetValue], items: readonly ItemSummary[] = []): Group => ({
        key,
        label: monthLabel(key, language),
        count: value.count,
        items,
        filter: { type: 'month', name: key },
      });
      const url = site.entryUrl({ kind: 'collection', collection });
      let budget = posts;
      if (by === 'month') {
        const shown = months.slice(0, GROUPS_SHOWN);
        const wanted = shown.map(([, value]) => {
          const take = Math.min(budget, perGroup, value.count);
          budget -= take;
          return take;
        });
        return andThen(all(shown.map(([, value], i) => newestOf(site, collection, value, wanted[i]!))), (lists) => ({
          collection,
          url,
          groups: shown.map((month, i) => monthGroup(month, lists[i])),
          more: months.length - shown.length,
        }));
      }
      // years: each year's months in turn, newest first, their posts while the budget lasts
      const years = new Map<string, [string, FacetValue][]>();
      for (const month of months) {
        const year = month[0].slice(0, 4);
        const list = years.get(year);
        if (list) list.push(month);
        else years.set(year, [month]);
      }
      const shownYears = [...years].slice(0, GROUPS_SHOWN);
      const reads = shownYears.map(([, list]) =>
        list.map(([, value]) => {
          const take = Math.min(budget, value.count);
          budget -= take;
          return newestOf(site, collection, value, take);
        }),
      );
      return andThen(all(reads.map((r) => all(r))), (perYear) => ({
        collection,
        url,
        groups: shownYears.map(([year, list], i): Group => {
          const items = perYear[i]!.flat();
          const count = list.reduce((sum, [, value]) => sum + value.count, 0);
          return { key: year, label: year, count, items, ...(items.length < count ? { months: list.map((m) => monthGroup(m)) } : {}) };
        }),
        more: years.size - shownYears.length,
      }));
    });
  });
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
