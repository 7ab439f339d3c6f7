// Block type 6, twitter: posts synchronized from an account, stored in the block, as a timeline.
import * as z from 'zod';
import { isoDate } from '../../../shared/snapshot/common.ts';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { DateText, EmptyNote, NewWindowHint } from '../parts/elements.tsx';
import { text } from '../parts/schema.ts';

const schema = z.object({
  handle: z.string().min(1).max(30),
  tweets: z.array(z.object({ id: z.string(), text: text(560), date: isoDate })).max(50),
});
type TwitterData = z.output<typeof schema>;

function TwitterBlock({ data }: BlockProps<TwitterData>) {
  const handle = data.handle.replace(/^@/, '');
  const profile = `https://x.com/${encodeURIComponent(handle)}`;
  return (
    <section className="cb-feed cb-tweets">
      <h2 className="cb-heading">
        <Link href={profile} newWindow>
          @{handle}
          <NewWindowHint />
        </Link>
      </h2>
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

export default defineBlock({ code: 6, name: 'twitter', schema, Component: TwitterBlock });
