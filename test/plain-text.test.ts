// Excerpts are text: the one function that reads markup as words (shared/plain-text.ts), from a table, and what
// search results, summaries, lists, descriptions and feeds of the fixture sites show through it: never Markdown's
// asterisks and brackets, never a tag.
import { beforeAll, describe, expect, it } from 'vitest';
import { cutText, plainText } from '../shared/plain-text.ts';
import { minimalSite } from './support/minimal-site.ts';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { publish, visit } from './support/sites.ts';

describe('plain text of markup', () => {
  it.each([
    ['nothing', undefined, ''],
    ['an empty string', '', ''],
    ['text without markup', 'Day three we crossed', 'Day three we crossed'],
    ['whitespace and line breaks', '  Day\n\tthree \u00a0 we  ', 'Day three we'],
    ['paragraphs: a block element ends a word', '<p>Day two.</p><p>Day three.</p>', 'Day two. Day three.'],
    ['a line break', 'one<br>two<br/>three', 'one two three'],
    ['inline elements do not split words', '<em>un</em>likely <strong>bold</strong>ly <a href="/x">link</a>ed', 'unlikely boldly linked'],
    ['attributes with > inside quotes', '<a title="a > b" href="/letters">letter</a>', 'letter'],
    [
      'script, style and template contents',
      'a<script>alert("<p>x</p>")</script>b<style>p{}</style>c<template><p>t</p></template>',
      'a b c',
    ],
    ['comments, closed and not', 'a<!-- hidden <p> -->b<!-- never closed', 'a b'],
    ['a lone < is text', '<3 and a < b', '<3 and a < b'],
    [
      'character references, decoded once',
      'Fish &amp; chips &#8212; caf&eacute; &amp;lt;p&amp;gt; &#x1F332;',
      'Fish & chips — café &lt;p&gt; 🌲',
    ],
    ['every reference form', '&lt;&#60;&#x3C;&LT;&hellip;', '<<<<…'],
    [
      'every named reference of HTML, in its own case',
      '&Eacute;t&eacute; &rsaquo; &frac12; &Aring;land &ohm; &NotEqualTilde;',
      'Été › ½ Åland Ω ≂̸',
    ],
    ['references without their semicolon, as a browser reads text', 'Fish &amp chips &copy 2026', 'Fish & chips © 2026'],
    ['what is not a reference stays', '&unknown; AT&T &', '&unknown; AT&T &'],
    ['a reference to no character reads as U+FFFD, as in a browser', '&#0; &#xD800; &#x110000;', '\uFFFD \uFFFD \uFFFD'],
    ['a non-breaking space collapses', 'a&nbsp;&nbsp;b', 'a b'],
    ['upper-case tags', '<P>One</P><DIV>Two</DIV>', 'One Two'],
    ['a list', '<ul><li>flour</li><li>butter</li></ul>', 'flour butter'],
  ])('%s', (_what, markup, text) => {
    expect(plainText(markup)).toBe(text);
  });

  it.each([
    ['short enough', 'A short line', 20, 'A short line'],
    ['cut at a word, trailing punctuation dropped', 'Notes on woods, water and weather', 16, 'Notes on woods…'],
    ['cut inside a long word when no space is near', 'Supercalifragilistic expialidocious', 10, 'Supercalif…'],
  ])('cut: %s', (_what, text, max, cut) => {
    expect(cutText(text, max)).toBe(cut);
  });
});

describe('what visitors read as text', () => {
  beforeAll(async () => {
    await publishFixtures();
    const markdown = '**Day three** we crossed to the [refuge](/refuge) — see the _map_.\n\n- `rope`\n- ![alt](/media/x.jpg) boots';
    await publish(
      minimalSite({
        website: { ...minimalSite().website, identifier: 'plaintext' },
        pages: [
          {
            id: 'home',
            urlId: 'home',
            title: 'Welcome',
            layout: { blocks: [{ id: 'md', type: 44, data: { markdown } }] },
          },
        ],
        collections: [
          {
            id: 'notes',
            urlId: 'notes',
            title: 'Notes',
            type: 1,
            items: [
              {
                id: 'n1',
                urlId: 'first',
                title: 'First note',
                status: 1,
                publishOn: '2026-01-02T10:00:00Z',
                recordType: 1,
                excerpt: '<p>An <em>excerpt</em> with &amp; <b>markup</b></p>',
              },
            ],
          },
        ],
      }),
      'plaintext.localhost',
    );
  });

  /** The markup of a search's results. */
  async function searchExcerpts(host: string, q: string): Promise<string> {
    const html = await (await visit(host, `/search?q=${encodeURIComponent(q)}`)).text();
    return /<ol class="search-results">[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
  }

  it('search results show the words of Markdown, not its markup', async () => {
    const results = await searchExcerpts('plaintext.localhost', 'crossed');
    expect(results).toContain('Day three');
    expect(results).not.toMatch(/\*\*|\]\(|!\[|`rope`|_map_/);
  });

  it("fernwood's search results have no raw Markdown (the defect as a visitor saw it)", async () => {
    for (const q of ['day three', 'monthly letter', 'the']) {
      const results = await searchExcerpts(hostOf('fernwood'), q);
      expect(results, q).toContain('<li>');
      expect(results, q).not.toMatch(/\*\*[^*]+\*\*|\]\(\/|&lt;[a-z]/);
    }
  });

  it("an item's excerpt is text in lists, its description and its feed", async () => {
    const list = await (await visit('plaintext.localhost', '/notes')).text();
    expect(list).toContain('An excerpt with &amp; markup');
    const item = await (await visit('plaintext.localhost', '/notes/first')).text();
    expect(item).toContain('<meta name="description" content="An excerpt with &amp; markup"/>');
    const feed = await (await visit('plaintext.localhost', '/notes?format=rss')).text();
    expect(feed).toContain('<description>An excerpt with &amp; markup</description>');
    // the search result highlights the word it found in the same text
    const search = await searchExcerpts('plaintext.localhost', 'excerpt');
    expect(search.replace(/<\/?mark>/g, '')).toContain('An excerpt with &amp; markup');
  });
});
