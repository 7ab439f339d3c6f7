// The RSS block: lists the entries of an RSS or Atom feed. A remote feed is fetched while the page streams (behind the
// block's Suspense); a feed of this site ('/journal?format=rss') is read in-process from its feed record, so nothing
// waits on the network.
import { useAsync, useRender } from '../../kit/context.tsx';
import { recordRead, andThen } from '../../site/maybe.ts';
import { Link } from '../../kit/ui.tsx';
import type { BlockProps } from '../define.ts';
import { DateText } from '../parts/elements.tsx';
import { shownEntries, type ShownEntry } from './entries.ts';
import { feedText, parseFeed } from './parse-feed.ts';
import type { RssData } from './schema.ts';

/** How long the feed may take before the block gives up and says so. */
const FEED_TIMEOUT_MS = 5000;

/** Feeds larger than this are cut: the first entries are all the block shows. */
const FEED_MAX_CHARS = 2_000_000;

type FeedResult = { ok: true; entries: ShownEntry[] } | { ok: false };

export function RssBlock({ data, block }: BlockProps<RssData>) {
  const { fetch, ownFeed, reportError } = useRender();
  const key = `rss:${block.id}`;
  const result = useAsync<FeedResult>(key, () => {
    if (!data.feedUrl.startsWith('/')) return remoteFeed();
    const failed = (error: unknown): FeedResult => {
      reportError(key, error);
      return { ok: false };
    };
    try {
      // a feed of this site: its feed record, read in-process (at once when this isolate holds it)
      const own = andThen(ownFeed(data.feedUrl), (entries): FeedResult => {
        if (entries === null) throw new Error(`${data.feedUrl} is not a collection feed of this site`);
        return { ok: true, entries: shownEntries(entries, data.limit) };
      });
      return own instanceof Promise ? recordRead(own.catch(failed)) : own;
    } catch (error) {
      return failed(error);
    }
  });
  async function remoteFeed(): Promise<FeedResult> {
    // Every failure is caught here, so a dead feed costs one sentence in the block and never the page.
    try {
      const res = await fetch(data.feedUrl, {
        signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1' },
        redirect: 'follow',
      });
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`feed responded ${res.status}`);
      }
      // in the encoding the feed names, not always UTF-8 as res.text() would read it
      const xml = feedText(await res.arrayBuffer(), res.headers.get('content-type')).slice(0, FEED_MAX_CHARS);
      return { ok: true, entries: shownEntries(await parseFeed(xml, res.url || data.feedUrl, data.limit), data.limit) };
    } catch (error) {
      reportError(key, error);
      return { ok: false };
    }
  }
  return (
    <section className="cb-rss">
      {data.title && <h2 className="cb-heading">{data.title}</h2>}
      {!result.ok ? (
        <p className="cb-empty">This feed could not be loaded.</p>
      ) : result.entries.length === 0 ? (
        <p className="cb-empty">This feed has no entries yet.</p>
      ) : (
        <ul className="cb-rss-list">
          {result.entries.map((entry, i) => (
            <li className="cb-rss-entry" key={`${entry.link}-${i}`}>
              <Link href={entry.link} className="cb-rss-title">
                {entry.title}
              </Link>
              {data.showDates && entry.date && <DateText iso={entry.date} />}
              {entry.summary && <p className="cb-excerpt">{entry.summary}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
