// Feeds from elsewhere, read by the RSS block: RSS 2.0, RSS 1.0 and Atom as XML (CDATA, every HTML character
// reference, namespaces whatever their prefix, xml:base and relative links, the encoding a feed names), then shown as
// plain text cut to length.
import { describe, expect, it } from 'vitest';
import { shownEntries } from '../worker/blocks/rss/entries.ts';
import { FeedParseError, feedText, parseFeed } from '../worker/blocks/rss/parse-feed.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

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

describe('character references', () => {
  it('decodes every named reference of HTML in its own case, once', async () => {
    const rss = `<rss version="2.0"><channel><item>
      <title>&Eacute;t&eacute; &rsaquo; caf&eacute;s at &frac12; price &amp;amp; more</title>
      <link>https://feeds.example.test/ete</link>
      <description>&lt;p&gt;Cr&egrave;me br&ucirc;l&eacute;e &ndash; &Aring;land&lt;/p&gt;</description>
    </item></channel></rss>`;
    const [entry] = await parseFeed(rss);
    expect(entry!.title).toBe('Été › cafés at ½ price &amp; more');
    expect(shownEntries([entry!], 1)[0]).toMatchObject({ title: 'Été › cafés at ½ price & more', summary: 'Crème brûlée – Åland' });
  });
});

describe('namespaces', () => {
  it('reads the content and Dublin Core modules by their namespace, whatever their prefix, and no other module’s title', async () => {
    const rss = `<rss version="2.0" xmlns:c="http://purl.org/rss/1.0/modules/content/" xmlns:d="http://purl.org/dc/elements/1.1/"
      xmlns:media="http://search.yahoo.com/mrss/"><channel><item>
      <media:title>A photograph’s caption</media:title>
      <title>The entry itself</title>
      <link>https://feeds.example.test/ns</link>
      <d:date>2026-05-06T07:08:09Z</d:date>
      <c:encoded><![CDATA[<p>The whole <b>post</b>.</p>]]></c:encoded>
    </item></channel></rss>`;
    expect(await parseFeed(rss)).toEqual([
      {
        title: 'The entry itself',
        link: 'https://feeds.example.test/ns',
        date: '2026-05-06T07:08:09.000Z',
        description: '<p>The whole <b>post</b>.</p>',
      },
    ]);
  });

  it('takes an RSS item’s address from its atom:link when it has no <link>', async () => {
    const rss = `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
      <atom:link rel="self" href="https://feeds.example.test/rss.xml" type="application/rss+xml"/>
      <item><title>Linked the Atom way</title>
        <atom:link rel="self" href="https://feeds.example.test/items/7.xml"/>
        <atom:link rel="alternate" href="/items/7?from=rss&amp;x=1"/>
      </item></channel></rss>`;
    expect((await parseFeed(rss, BASE)).map((e) => e.link)).toEqual(['https://feeds.example.test/items/7?from=rss&x=1']);
  });

  it('reads an Atom feed whose elements carry a prefix', async () => {
    const atom = `<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>Prefixed</a:title>
      <a:entry><a:title>One</a:title><a:link href="https://feeds.example.test/one"/><a:published>2026-02-03T04:05:06Z</a:published>
      <a:summary>First.</a:summary></a:entry></a:feed>`;
    expect(await parseFeed(atom)).toEqual([
      { title: 'One', link: 'https://feeds.example.test/one', date: '2026-02-03T04:05:06.000Z', description: 'First.' },
    ]);
  });
});

describe('Atom content and links', () => {
  it('reads type="html" content, decoded once, when there is no summary', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Loaves</title><link href="https://feeds.example.test/loaves"/>
      <content type="html">&lt;p&gt;Baked &amp;amp; &lt;em&gt;cooled&lt;/em&gt; &amp;mdash; then sliced&lt;/p&gt;</content></entry></feed>`;
    const [entry] = await parseFeed(atom);
    expect(entry!.description).toBe('<p>Baked &amp; <em>cooled</em> &mdash; then sliced</p>');
    expect(shownEntries([entry!], 1)[0]!.summary).toBe('Baked & cooled — then sliced');
  });

  it('resolves relative links against xml:base, the feed’s and the entry’s', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.test/journal/">
      <entry><title>Relative to the feed</title><link href="posts/1"/></entry>
      <entry xml:base="/archive/2025/"><title>Relative to the entry</title><link href="posts/2"/></entry></feed>`;
    expect((await parseFeed(atom, BASE)).map((e) => e.link)).toEqual([
      'https://blog.example.test/journal/posts/1',
      'https://blog.example.test/archive/2025/posts/2',
    ]);
  });
});

describe('a feed in another encoding than UTF-8', () => {
  /** A string of code points below 256 as one byte each: ISO-8859-1. */
  const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  const item = '<item><title>Crêpes für Señor Muñoz, £5</title><link>https://feeds.example.test/crepes</link></item>';

  it('is read in the encoding its XML declaration names', async () => {
    const bytes = latin1(`<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel>${item}</channel></rss>`);
    expect((await parseFeed(feedText(bytes))).map((e) => e.title)).toEqual(['Crêpes für Señor Muñoz, £5']);
  });

  it('follows a byte order mark first, then the Content-Type’s charset, then the declaration', async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>${item}</channel></rss>`;
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(xml).flatMap((c) => [c.charCodeAt(0), 0])]);
    expect((await parseFeed(feedText(utf16, 'text/xml; charset=iso-8859-1'))).map((e) => e.title)).toEqual(['Crêpes für Señor Muñoz, £5']);
    expect((await parseFeed(feedText(latin1(xml), 'application/rss+xml; charset="ISO-8859-1"'))).map((e) => e.title)).toEqual([
      'Crêpes für Señor Muñoz, £5',
    ]);
    // a charset no decoder knows says nothing
    expect((await parseFeed(feedText(new TextEncoder().encode(xml), 'text/xml; charset=x-unknown'))).map((e) => e.title)).toEqual([
      'Crêpes für Señor Muñoz, £5',
    ]);
  });

  it('shows its words on the page, as the feed server sent them', async () => {
    const site = minimalSite();
    site.website.identifier = 'latinfeed';
    site.pages[0]!.layout.blocks = [{ id: 'latin', type: 49, data: { feedUrl: 'https://feeds.example.test/latin1.xml', title: 'Menu' } }];
    await publish(site, 'latinfeed.localhost');
    const html = await (await visit('latinfeed.localhost', '/')).text();
    expect(html).toContain('>Crêpes für Señor Muñoz, £5</a>');
    expect(html).not.toContain('\uFFFD');
  });
});
