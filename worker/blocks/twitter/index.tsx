// Block type 6, twitter: posts synchronized from an account, stored in the block, as a timeline, and, when the owner
// asks for it, the service's follow widget for the account (follow-widget.ts, loaded as the block comes near the
// viewport).
import * as z from 'zod';
import { isoDate } from '../../../shared/snapshot/common.ts';
import { Island } from '../../kit/island.tsx';
import { useRender } from '../../kit/context.tsx';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { DateText, EmptyNote, NewWindowHint } from '../parts/elements.tsx';
import { text } from '../parts/schema.ts';
import { followWidgetLanguage } from './follow-widget.ts';
import { followWidgetIsland } from './follow-widget.view.tsx';

const schema = z.object({
  handle: z.string().min(1).max(30),
  tweets: z.array(z.object({ id: z.string(), text: text(560), date: isoDate })).max(50),
  /** the service's Follow button for the account (§7's social follow widget) */
  followButton: z.boolean().default(false),
});
type TwitterData = z.output<typeof schema>;

function TwitterBlock({ data }: BlockProps<TwitterData>) {
  const handle = data.handle.replace(/^@/, '');
  const profile = `https://x.com/${encodeURIComponent(handle)}`;
  const { site } = useRender();
  return (
    <section className="cb-feed cb-tweets">
      <h2 className="cb-heading">
        <Link href={profile} newWindow>
          @{handle}
          <NewWindowHint />
        </Link>
      </h2>
      {data.followButton && (
        <Island island={followWidgetIsland} props={{ handle, lang: followWidgetLanguage(site.website.language) }} when="visible" />
      )}
      {data.tweets.length === 0 ? (
        <EmptyNote>No posts yet.</EmptyNote>
      ) : (
        <ol className="cb-feed-list">
          {data.tweets.map((tweet) => (
            <li className="cb-feed-entry" key={tweet.id}>
              <p className="cb-feed-text">{tweet.text}</p>
              <Link href={`${profile}/status/${encodeURIComponent(tweet.id)}`} newWindow className="cb-feed-meta">
                <DateText iso={tweet.date} />
                <NewWindowHint />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const styles = `
.block-twitter .follow-widget{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:-.4rem 0 .9rem}
.block-twitter .follow-link{font-size:.9rem;font-weight:600}
.block-twitter .follow-widget[data-widget=loaded] .follow-link{display:none}
.block-twitter .follow-widget-button iframe{display:block;max-width:100%}
`;

export default defineBlock({ code: 6, name: 'twitter', schema, Component: TwitterBlock, styles });
