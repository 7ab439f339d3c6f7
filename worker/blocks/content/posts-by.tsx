// Blocks that list a collection's posts grouped by author, tag, category, month or year (the archive).
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import type { Item } from '../../../shared/snapshot/schema.ts';
import { contentUrl } from '../../../shared/urls.ts';
import { useRender } from '../../render/context.tsx';
import type { BlockProps } from '../types.ts';
import {
  BlockHeading,
  countLabel,
  EmptyNote,
  groupItems,
  monthKey,
  monthLabel,
  PostList,
  useCollection,
  type CollectionView,
} from './parts.tsx';

interface Group {
  key: string;
  label: string;
  items: Item[];
  /** the §2 filter that lists exactly this group on the collection page; absent when there is none (years) */
  filter?: { type: 'author' | 'tag' | 'category' | 'month'; name: string };
}

/** Posts shown under each group before a link to the group's filtered list takes over. */
const ITEMS_PER_GROUP = 5;

interface GroupedPostsProps {
  view: CollectionView;
  groups: Group[];
  perGroup: number;
  showDates: boolean;
  /** what the grouping is, shown after the collection's title: 'by tag', 'archive' */
  sub: string;
}

function GroupedPosts({ view, groups, perGroup, showDates, sub }: GroupedPostsProps) {
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

const byLabel = (a: Group, b: Group) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

function labelGroups(items: readonly Item[], type: 'author' | 'tag' | 'category', keysOf: (item: Item) => string[]): Group[] {
  return [...groupItems(items, keysOf)]
    .map(([name, list]): Group => ({ key: name, label: name, items: list, filter: { type, name } }))
    .sort(byLabel);
}

export function PostsByAuthorBlock({ data }: BlockProps<'posts_by_author'>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const groups = labelGroups(view.items, 'author', (item) => (item.author ? [item.author.displayName] : []));
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates sub="by author" />;
}

export function PostsByTagBlock({ data }: BlockProps<'posts_by_tag'>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const groups = labelGroups(view.items, 'tag', (item) => item.tags);
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates sub="by tag" />;
}

export function PostsByCategoryBlock({ data }: BlockProps<'posts_by_category'>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const groups = labelGroups(view.items, 'category', (item) => item.categories);
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates sub="by category" />;
}

/** Groups by calendar month or year (as the dates are written, like the collection page's month filter), newest first. */
function useTimeGroups(items: readonly Item[], by: 'month' | 'year'): Group[] {
  const { site } = useRender();
  const newestFirst = [...items].sort((a, b) => Date.parse(b.publishOn) - Date.parse(a.publishOn));
  const keyOf = by === 'month' ? (i: Item) => monthKey(i.publishOn) : (i: Item) => monthKey(i.publishOn).slice(0, 4);
  return [...groupItems(newestFirst, (i) => [keyOf(i)])].map(([key, list]) =>
    by === 'month'
      ? { key, label: monthLabel(key, site.website.language), items: list, filter: { type: 'month', name: key } }
      : { key, label: key, items: list },
  );
}

export function PostsByMonthBlock({ data }: BlockProps<'posts_by_month'>) {
  const view = useCollection(data.collectionId);
  const groups = useTimeGroups(view?.items ?? [], 'month');
  if (!view) return null;
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates={false} sub="by month" />;
}

/** The archive lists every post, by month or by year, with no cut-off: that is what an archive is for. */
export function ArchiveBlock({ data }: BlockProps<'archive'>) {
  const view = useCollection(data.collectionId);
  const groups = useTimeGroups(view?.items ?? [], data.groupBy);
  if (!view) return null;
  return <GroupedPosts view={view} groups={groups} perGroup={Number.POSITIVE_INFINITY} showDates sub="archive" />;
}
