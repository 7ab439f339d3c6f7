// Block type 16, comments: the link to an item's comments (§2 Comment links), when the site has comments on and the
// item's collection is not a demo collection; counted by the comment service's script (comment-count.island.ts) where
// the site names one (the snapshot's own count is not shown: it is not the service's).
import * as z from 'zod';
import { id } from '../../../shared/snapshot/common.ts';
import { commentsLink, commentsOn } from '../../kit/comments.tsx';
import { siteOrigin, useAsync, useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { IN_BLOCK } from '../parts/styles.ts';
import { commentCountIsland } from './comment-count.view.tsx';

const schema = z.object({ collectionId: id, itemId: id });
type CommentsData = z.output<typeof schema>;

function CommentsBlock({ data }: BlockProps<CommentsData>) {
  const { site, now } = useRender();
  const { commentsEnabled, commentServiceShortname } = site.settings;
  // the item's record, by its id, among what visitors see now
  const found = useAsync(`comments:${data.itemId}`, () => (commentsEnabled ? site.itemById(data.itemId, now) : undefined));
  if (!found || found.collection.id !== data.collectionId || !commentsOn(site, found.collection)) return null;
  const { collection, item } = found;
  const link = commentsLink(site, siteOrigin(site), site.itemUrl(collection, item), item);
  return (
    <p className="cb-comments" data-comment-service={commentServiceShortname || undefined}>
      <svg className="cb-comments-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      {commentServiceShortname ? (
        <Island
          island={commentCountIsland}
          props={{ href: link, shortname: commentServiceShortname, identifier: item.id, className: 'cb-comments-link' }}
          when="visible"
        />
      ) : (
        <a className="cb-comments-link" href={link}>
          Comments
        </a>
      )}
    </p>
  );
}

const styles = `
${IN_BLOCK} .cb-comments{display:flex;align-items:center;gap:.5rem;margin:0;font-weight:600}
${IN_BLOCK} .cb-comments-icon{color:var(--accent);flex:none}
`;

export default defineBlock({
  code: 16,
  name: 'comments',
  schema,
  Component: CommentsBlock,
  styles,
  references: (data) => ({ collections: [data.collectionId], items: [data] }),
});
