// The images a visitor sees before scrolling load at once; every other image is lazy. Lighthouse
// found the largest paint of three page types waiting on a lazy image that was on the first screen of a phone: the
// home page's lead image, the slider below a short introduction, and the first card of a collection.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../shared/snapshot/schema.ts';
import { BLOCK_CODES } from '../worker/blocks/registry.ts';
import { rowsAboveFold } from '../worker/blocks/layout.tsx';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

beforeAll(publishFixtures);

interface Shown {
  src: string;
  loading: string | undefined;
  fetchpriority: string | undefined;
}

/** Every <img> of a page's main content in document order, by its media path (the variant query dropped). */
function images(html: string): Shown[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<img\b[^>]*>/g)].map(([tag]) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    return {
      src: (attr('src') ?? '').replace(/^https?:\/\/[^/]+/, '').split('?')[0]!,
      loading: attr('loading'),
      fetchpriority: attr('fetchpriority'),
    };
  });
}

async function imagesOf(host: string, path: string): Promise<Shown[]> {
  const res = await visit(host, path);
  expect(res.status).toBe(200);
  return images(await res.text());
}

// at once, but not ahead of the stylesheet (shared/ui/img.tsx)
const FIRST = { loading: 'eager', fetchpriority: undefined };
const LATER = { loading: 'lazy', fetchpriority: undefined };
const block = (type: number, data: Record<string, unknown>, span = 12): Block => ({ id: `b${type}`, type, span, data });

describe('which rows of a page are on its first screen', () => {
  const short = block(BLOCK_CODES.markdown, { markdown: '## Lake and Fell\n\nNine prints, hung in the order they were taken.' });
  const long = block(BLOCK_CODES.markdown, {
    markdown: `## A long introduction\n\n${'A sentence of some length about the wood. '.repeat(10)}`,
  });
  const image = block(BLOCK_CODES.image, { image: { src: '/media/forest-path.jpg', width: 2500, height: 1563, alt: '' } });
  it.each([
    ['no rows', [], 0],
    ['one row', [[image]], 1],
    ['an image first', [[image], [image]], 1],
    ['a short heading and text first', [[short], [image], [image]], 2],
    [
      'a button and a rule first',
      [[block(BLOCK_CODES.button, { buttonText: 'Shop the prints' }, 6), block(BLOCK_CODES.horizontal_rule, {}, 6)], [image]],
      2,
    ],
    ['more than a few lines of text first', [[long], [image]], 1],
    ['text beside an image first', [[short, image], [image]], 1],
  ] as [string, Block[][], number][])('%s: %i', (_name, rows, expected) => {
    expect(rowsAboveFold(rows)).toBe(expected);
  });
});

describe('images on the first screen', () => {
  it("loads the home page's lead image block at once, and the images further down lazily", async () => {
    const shown = await imagesOf(hostOf('fernwood'), '/');
    expect(shown[0]).toMatchObject({ src: '/media/forest-path.jpg', ...FIRST });
    expect(shown.filter((i) => i.loading === 'eager').map((i) => i.src)).toEqual(['/media/forest-path.jpg']);
  });

  it("loads a slider's first slide at once when only a short introduction is above it; its other slides and the next gallery lazily", async () => {
    const shown = await imagesOf(hostOf('fernwood'), '/exhibitions');
    const slides = shown.filter((i) => i.src !== '');
    expect(slides[0]).toMatchObject({ src: '/media/foggy-jetty.jpg', ...FIRST });
    expect(slides.slice(1).length).toBeGreaterThan(5);
    for (const later of slides.slice(1)) expect(later, later.src).toMatchObject(LATER);
  });

  it("loads a collection's first card image at once and the rest lazily", async () => {
    const shown = await imagesOf(hostOf('fernwood'), '/journal');
    expect(shown[0]).toMatchObject({ src: '/media/summit-sunset.jpg', ...FIRST });
    expect(shown.length).toBeGreaterThan(2);
    for (const later of shown.slice(1)) expect(later, later.src).toMatchObject(LATER);
  });

  it('loads the two product cards a phone shows first in a shop at once, and the rest lazily', async () => {
    const shown = await imagesOf(hostOf('trailhead'), '/shop');
    const cards = shown.filter((i) => i.src.startsWith('/media/'));
    expect(cards.slice(0, 2)).toEqual([expect.objectContaining(FIRST), expect.objectContaining(FIRST)]);
    expect(cards.length).toBeGreaterThan(3);
    for (const later of cards.slice(2)) expect(later, later.src).toMatchObject(LATER);
  });

  it('keeps an image lazy when more than a few lines of text come before it', async () => {
    const host = 'first-screen.localhost';
    const blocks = [
      { id: 'intro', type: 44, data: { markdown: `## About\n\n${'A sentence of some length about the wood. '.repeat(12)}` } },
      { id: 'picture', type: 5, data: { image: { src: '/media/forest-path.jpg', width: 2500, height: 1563, alt: 'The path' } } },
    ];
    await publish(minimalSite({ pages: [{ id: 'home', urlId: 'home', title: 'Welcome', layout: { blocks } }] }), host);
    expect((await imagesOf(host, '/')).find((i) => i.src === '/media/forest-path.jpg')).toMatchObject(LATER);
    await publish(
      minimalSite({
        version: '2026-11-01.2',
        pages: [
          {
            id: 'home',
            urlId: 'home',
            title: 'Welcome',
            layout: { blocks: [{ ...blocks[0]!, data: { markdown: '## About\n\nThe wood.' } }, blocks[1]!] },
          },
        ],
      }),
      host,
    );
    expect((await imagesOf(host, '/')).find((i) => i.src === '/media/forest-path.jpg')).toMatchObject(FIRST);
  });
});
