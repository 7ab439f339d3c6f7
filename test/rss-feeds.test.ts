// Feeds from elsewhere, read by the RSS block: RSS 2.0, RSS 1.0 and Atom through workerd's HTMLRewriter (CDATA,
// character references, relative and void links), then shown as plain text cut to length.
import { describe, expect, it } from 'vitest';
import { shownEntries } from '../worker/blocks/rss/entries.ts';
import { FeedParseError, parseFeed } from '../worker/blocks/rss/parse-feed.ts';

const BASE = 'https://feeds.example.test/journal/feed.xml';

describe('an RSS 2.0 feed', () => {
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Field notes &amp; sketches</title>
    <link>https://feeds.example.test/</link>
    <item>
      <title><![CDATA[Caf&eacute; <b>at dawn</b> & after]]></title>
      <link>
        /journal/cafe?from=rss&amp;page=1
      </link>
      <pubDate>Mon, 07 Sep 2026 08:00:00 GMT</pubDate>
      <description>&lt;p&gt;Coffee &amp;amp; notes &#8212; &lt;em&gt;first&lt;/em&gt; light&lt;/p&gt;</description>
      <content:encoded><![CDATA[<p>The whole post, which the block does not show.</p>]]></content:encoded>
    </item>
    <item>
      <title>Second &quot;walk&quot; &hellip;</title>
      <guid>https://feeds.example.test/journal/second</guid>
      <dc:date>2026-09-08T10:30:00+02:00</dc:date>
      <content:encoded><![CDATA[<p>Up the <i>ridge</i></item> and back.</p>]]></content:encoded>
    </item>
    <item>
      <title>No address</title>
      <guid isPermaLink="false">tag:feeds.example.test,2026:3</guid>
    </item>
    <item>
      <title>Elsewhere</title>
      <link>javascript:alert(1)</link>
    </item>
  </channel>
</rss>`;

  it('gives each item with an http(s) link, its text decoded once for the XML and its links resolved', async () => {
    expect(await parseFeed(rss, BASE)).toEqual([
      {
        title: 'Caf&eacute; <b>at dawn</b> & after',
        link: 'https://feeds.example.test/journal/cafe?from=rss&page=1',
        date: '2026-09-07T08:00:00.000Z',
        description: '<p>Coffee &amp; notes — <em>first</em> light</p>',
      },
      {
        title: 'Second "walk" …',
        link: 'https://feeds.example.test/journal/second',
        date: '2026-09-08T08:30:00.000Z',
        description: '<p>Up the <i>ridge</i></item> and back.</p>',
      },
    ]);
  });

  it('is shown as plain text: markup gone, the markup’s own references decoded, cut to the limit', async () => {
    expect(shownEntries(await parseFeed(rss, BASE), 1)).toEqual([
      {
        title: 'Café at dawn & after',
        link: 'https://feeds.example.test/journal/cafe?from=rss&page=1',
        date: '2026-09-07T08:00:00.000Z',
        summary: 'Coffee & notes — first light',
      },
    ]);
  });
});

describe('an RSS 1.0 (RDF) feed', () => {
  it('gives its items, which sit beside the channel', async () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
      xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://feeds.example.test/"><title>Notes</title></channel>
      <item rdf:about="https://feeds.example.test/1"><title>One</title><link>https://feeds.example.test/1</link>
      <description>First.</description><dc:date>2026-01-02T03:04:05Z</dc:date></item></rdf:RDF>`;
    expect(await parseFeed(rdf)).toEqual([
      { title: 'One', link: 'https://feeds.example.test/1', date: '2026-01-02T03:04:05.000Z', description: 'First.' },
    ]);
  });
});

describe('an Atom feed', () => {
  const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Field notes</title>
  <link rel="self" href="https://feeds.example.test/atom.xml"/>
  <entry>
    <summary/>
    <title type="html">A &lt;em&gt;long&lt;/em&gt; day</title>
    <link rel="self" href="https://feeds.example.test/entries/1.xml"/>
    <link rel="alternate" type="text/html" href="/entries/1?a=1&amp;b=2"/>
    <updated>2026-03-04T05:06:07Z</updated>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Real <b>markup</b> here.</p></div></content>
  </entry>
  <entry>
    <title>Enclosure only</title>
    <link rel="enclosure" href="https://feeds.example.test/audio.mp3"/>
    <link rel="related" href="https://feeds.example.test/related"/>
    <published>2026-03-05T00:00:00Z</published>
    <updated>2026-03-06T00:00:00Z</updated>
    <summary>Said &lt;b&gt;briefly&lt;/b&gt;.</summary>
  </entry>
</feed>`;

  it('gives each entry its alternate link, its summary (or, when empty, its content) and its published or updated date', async () => {
    expect(await parseFeed(atom, 'https://feeds.example.test/atom.xml')).toEqual([
      {
        title: 'A <em>long</em> day',
        link: 'https://feeds.example.test/entries/1?a=1&b=2',
        date: '2026-03-04T05:06:07.000Z',
        description: 'Real markup here.',
      },
      {
        title: 'Enclosure only',
        link: 'https://feeds.example.test/related',
        date: '2026-03-05T00:00:00.000Z',
        description: 'Said <b>briefly</b>.',
      },
    ]);
  });

  it('reads XHTML content as its text', async () => {
    const entry = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>T</title><link href="https://x.test/t"/>
      <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Real <b>markup</b> here.</p></div></content></entry></feed>`;
    const [parsed] = await parseFeed(entry);
    expect(shownEntries([parsed!], 5)[0]!.summary).toBe('Real markup here.');
  });
});

describe('a document that is not a feed', () => {
  it('is refused', async () => {
    await expect(parseFeed('<!doctype html><html><body><p>Moved.</p></body></html>')).rejects.toBeInstanceOf(FeedParseError);
  });
});
