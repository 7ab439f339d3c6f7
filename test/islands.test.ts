// The island protocol at the edge (docs/blocks-and-islands.md): a page that rendered islands carries their props once,
// in one escaped JSON script, with the loader under the response's nonce; a page without islands carries no island
// script at all; props are the same for every visitor (the page cache shares them); islands above the fold preload
// their chunks; a streamed page gets its islands' tail in front of its closing tags.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeIslands, encodeIslands, ISLANDS_ELEMENT_ID, type IslandsPayload } from '../shared/islands/protocol.ts';
import type { SiteSnapshotInput } from '../shared/snapshot/schema.ts';
import { clientScriptUrl, islandChunk } from '../worker/kit/client-assets.ts';
import { CRUMB, login, OWNER_PASSWORD } from './support/auth.ts';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const FERNWOOD = hostOf('fernwood');
const HOSTILE = '</script><script>alert("x")</script><!-- \u2028 & done';

/** The page's island payload, or undefined when it has none; fails when there is more than one. */
function islandsOf(html: string): IslandsPayload | undefined {
  const scripts = [...html.matchAll(new RegExp(`<script type="application/json" id="${ISLANDS_ELEMENT_ID}">([\\s\\S]*?)</script>`, 'g'))];
  expect(scripts.length).toBeLessThanOrEqual(1);
  return scripts[0] ? decodeIslands(scripts[0][1]!) : undefined;
}

const islandElements = (html: string) => [
  ...html.matchAll(/<site-island data-island="([a-z-]+)" data-when="([a-z]+)" data-island-id="(\d+)">/g),
];
const moduleScripts = (html: string) =>
  [...html.matchAll(/<script type="module" src="([^"]+)"( nonce="([^"]+)")?/g)].map((m) => ({ src: m[1]!, nonce: m[3] }));
/** The nonce the runtime's own scripts carry (in the policy too when the page has no owner code). */
const nonceOf = (html: string) => /<script type="application\/json" id="site-context" nonce="([^"]+)"/.exec(html)?.[1];

function gallerySite(overrides: Partial<SiteSnapshotInput> = {}): SiteSnapshotInput {
  const image = (n: number) => ({ src: `/media/forest-path.jpg`, width: 2500, height: 1563, alt: `Photograph ${n}` });
  return minimalSite({
    website: { ...minimalSite().website, identifier: 'islands' },
    collections: [
      {
        id: 'g',
        urlId: 'g',
        title: 'Test Gallery',
        type: 6,
        ordering: 'user',
        items: [1, 2, 3].map((n) => ({
          id: `s${n}`,
          urlId: `slide-${n}`,
          title: n === 2 ? HOSTILE : `Slide ${n}`,
          status: 1,
          publishOn: '2026-10-01T09:00:00Z',
          recordType: 2,
          assetImage: image(n),
        })),
      },
    ],
    pages: [
      {
        id: 'home',
        urlId: 'home',
        title: 'Welcome',
        layout: {
          blocks: [
            { id: 'top', type: 8, span: 12, data: { collectionId: 'g', design: 'slideshow' } },
            { id: 'text', type: 2, span: 12, data: { html: '<p>Between the galleries.</p>' } },
            { id: 'low', type: 8, span: 12, data: { collectionId: 'g', design: 'grid', lightbox: true } },
          ],
        },
      },
      {
        id: 'lower',
        urlId: 'lower',
        title: 'Lower',
        layout: {
          blocks: [
            // more than a few lines: the gallery is below a phone's first screen (layout.tsx rowsAboveFold)
            { id: 'intro', type: 2, span: 12, data: { html: `<p>${'First, some words about the pictures. '.repeat(12)}</p>` } },
            { id: 'later', type: 8, span: 12, data: { collectionId: 'g', design: 'carousel' } },
          ],
        },
      },
      {
        id: 'playing',
        urlId: 'playing',
        title: 'Playing',
        layout: { blocks: [{ id: 'plays', type: 8, span: 12, data: { collectionId: 'g', design: 'slideshow', autoplay: true } }] },
      },
      {
        id: 'streamed',
        urlId: 'streamed',
        title: 'Streamed',
        layout: {
          blocks: [
            { id: 'feed', type: 49, span: 12, data: { feedUrl: 'https://feeds.example.test/slow.xml', title: 'Slow news' } },
            { id: 'gal', type: 8, span: 12, data: { collectionId: 'g', design: 'stacked' } },
          ],
        },
      },
    ],
    navigation: { mainNavigation: [{ kind: 'page', id: 'home' }] },
    ...overrides,
  });
}

beforeAll(async () => {
  await publishFixtures();
  await publish(gallerySite(), 'islands.localhost');
});

describe('the props codec', () => {
  it('round-trips any text, and nothing in a value can end the script element', () => {
    const payload: IslandsPayload = {
      chunks: { gallery: '/client/island-gallery-X.js' },
      imports: { gallery: ['/client/chunk-X.js'] },
      react: ['gallery'],
      props: [{ title: HOSTILE, n: [1, null, true] }],
    };
    const text = encodeIslands(payload);
    expect(text).not.toMatch(/<\/script|<!--|\u2028/i);
    expect(decodeIslands(text)).toEqual(payload);
  });
});

describe('a page with islands', () => {
  it('carries every island’s props once, the chunk of each island name, and the loader under the response’s nonce', async () => {
    const res = await visit(FERNWOOD, '/portfolio');
    expect(res.status).toBe(200);
    const html = await res.text();
    const elements = islandElements(html);
    const payload = islandsOf(html)!;
    // the site-wide popup overlay comes first, before the page's content
    // (each image block with words is followed by the plain island that sizes it from its width: image-fit)
    expect(elements.map((m) => m[1])).toEqual([
      'popup-overlay',
      'gallery',
      'image',
      'image-fit',
      'image',
      'image-fit',
      'gallery',
      'button',
    ]);
    expect(elements.map((m) => Number(m[3]))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(payload.props).toHaveLength(8);
    expect(payload.chunks).toEqual({
      'popup-overlay': islandChunk('popup-overlay')!.src,
      gallery: islandChunk('gallery')!.src,
      image: islandChunk('image')!.src,
      'image-fit': islandChunk('image-fit')!.src,
      button: islandChunk('button')!.src,
    });
    const loader = moduleScripts(html).find((s) => s.src === clientScriptUrl('loader'));
    expect(loader?.nonce).toBe(nonceOf(html));
    // the tail comes last, just before the closing tags
    expect(
      html.endsWith(`<script type="module" src="${clientScriptUrl('loader')}" nonce="${nonceOf(html)}" async=""></script></body></html>`),
    ).toBe(true);
  });

  it('escapes the props like the page context: a title that says </script> stays inside its value', async () => {
    const html = await (await visit('islands.localhost', '/')).text();
    const payload = islandsOf(html)!;
    const slides = (payload.props[0] as { slides: { title: string }[] }).slides;
    expect(slides[1]!.title).toBe(HOSTILE);
    expect(html).not.toContain('<script>alert("x")</script>');
  });

  it('lists the files a React island imports for the loader to preload ahead of the touch, preloads nothing from the head, and lets only a gallery that plays by itself hydrate on its own', async () => {
    // a modulepreload of an island and React in the head took a phone's bandwidth from the stylesheet (island.tsx)
    const html = await (await visit('islands.localhost', '/')).text();
    // a React island hydrates at the visitor's first touch, above the fold or not: 'visible' is when its code is fetched
    expect(islandElements(html).map((m) => m[2])).toEqual(['visible', 'visible']);
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('modulepreload');
    const payload = islandsOf(html)!;
    expect(payload.react).toEqual(['gallery']);
    const loaded = [clientScriptUrl('site'), clientScriptUrl('loader')];
    expect(payload.imports.gallery).toEqual(islandChunk('gallery')!.imports.filter((url) => !loaded.includes(url)));
    expect(payload.imports.gallery!.length).toBeGreaterThan(0);
    const lower = await (await visit('islands.localhost', '/lower')).text();
    expect(lower).not.toContain('modulepreload');
    expect(islandElements(lower).map((m) => m[2])).toEqual(['visible']);
    // a slideshow that plays by itself: 'load', which the loader keeps until after the page's load event
    const playing = await (await visit('islands.localhost', '/playing')).text();
    expect(islandElements(playing).map((m) => m[2])).toEqual(['load']);
  });

  it('gives a streamed page its islands’ tail in front of the closing tags, once the waiting part has arrived', async () => {
    const res = await visit('islands.localhost', '/streamed');
    const html = await res.text();
    expect(html).toContain('Slow news');
    const payload = islandsOf(html)!;
    expect(payload.props).toHaveLength(1);
    expect(html.indexOf(`id="${ISLANDS_ELEMENT_ID}"`)).toBeLessThan(html.lastIndexOf('</body></html>'));
    expect(html.endsWith('</body></html>')).toBe(true);
  });
});

describe('a page without islands', () => {
  it('ships no island script: no props, no loader, no module but those the page needs anyway', async () => {
    for (const [host, path] of [
      // (fernwood's pages all carry its popup overlay, trailhead's the cart badge of its store, kettle's contact page
      // its newsletter, item pages their relative time, and lumen's pages their button blocks)
      [hostOf('kettle'), '/'],
      [hostOf('lumen'), '/no-such-page'],
      [hostOf('kettle'), '/recipes?category=Baking%20Notes'],
    ] as const) {
      const html = await (await visit(host, path)).text();
      expect(html, `${host}${path}`).not.toContain('<site-island');
      expect(islandsOf(html)).toBeUndefined();
      expect(html).not.toContain(clientScriptUrl('loader'));
      expect(html).not.toContain('modulepreload');
      // every site page has the site-wide visitor runtime (no React), and nothing else
      expect(moduleScripts(html).map((s) => s.src)).toEqual([clientScriptUrl('site')]);
    }
  });
});

describe('the button block', () => {
  it('is a plain island that hydrates at once, with the §3 tracking payload as its props; without script, a plain link', async () => {
    const html = await (await visit(hostOf('lumen'), '/')).text();
    const buttons = islandElements(html).filter((m) => m[1] === 'button');
    expect(buttons.map((m) => m[2])).toEqual(['load', 'load']);
    const props = buttons.map((m) => islandsOf(html)!.props[Number(m[3])]);
    expect(props).toEqual([
      {
        pagePath: '/',
        id: 'cover-b2',
        buttonText: 'Email the studio',
        clickthroughUrl: 'mailto:studio@lumenstudio.co.uk?subject=Commission%20enquiry',
        alignment: 'right',
        size: 'medium',
        newWindow: false,
        context: 'button-block',
        linked: true,
      },
      {
        pagePath: '/',
        id: 'cover-b3',
        buttonText: 'Recent work on Instagram',
        clickthroughUrl: 'https://www.instagram.com/lumenstudio.photo/',
        alignment: 'left',
        size: 'medium',
        newWindow: true,
        context: 'button-block',
        rel: 'noopener noreferrer',
        linked: true,
      },
    ]);
    expect(html).toContain(
      '<a href="https://www.instagram.com/lumenstudio.photo/" class="button button-size-medium button-block-link" target="_blank" rel="noopener noreferrer">Recent work on Instagram<span class="visually-hidden"> (opens in a new window)</span></a>',
    );
  });

  it('draws a tel: or mailto: link longer than §5 allows as its text, as every link of the site', async () => {
    const site = minimalSite({
      website: { ...minimalSite().website, identifier: 'buttons' },
      pages: [
        {
          id: 'home',
          urlId: 'home',
          title: 'Buttons',
          layout: {
            blocks: [{ id: 'long', type: 53, span: 12, data: { buttonText: 'Call us', clickthroughUrl: `tel:+44${'1'.repeat(50)}` } }],
          },
        },
      ],
    });
    await publish(site, 'buttons.localhost');
    const html = await (await visit('buttons.localhost', '/')).text();
    expect(html).toContain('<span class="button button-size-medium button-block-link">Call us</span>');
    expect(html).not.toContain('href="tel:');
  });
});

describe('the cache rule', () => {
  it('gives every visitor the same island props: cookies and a session change nothing', async () => {
    const anonymous = islandsOf(await (await visit(FERNWOOD, '/portfolio')).text());
    const withCookies = islandsOf(
      await (
        await visit(FERNWOOD, '/portfolio', {
          headers: { Cookie: `${CRUMB}; ss_cvr=abc|1|2|3|4; ss_cookieAllowed=true; hasCart=true; CART=cart-1` },
        })
      ).text(),
    );
    const owner = await login(FERNWOOD, 'owner@fernwood.example', OWNER_PASSWORD);
    const withSession = islandsOf(
      await (await visit(FERNWOOD, '/portfolio', { headers: { Cookie: owner, 'Sec-Fetch-Dest': 'iframe' } })).text(),
    );
    expect(anonymous).toBeDefined();
    expect(withCookies).toEqual(anonymous);
    expect(withSession).toEqual(anonymous);
  });
});

describe('the video block', () => {
  it('§4: an invalid embed gets state invalid, says "Invalid video embed." and brings no script', async () => {
    const site = minimalSite({
      website: { ...minimalSite().website, identifier: 'videos' },
      pages: [
        {
          id: 'home',
          urlId: 'home',
          title: 'Films',
          layout: {
            blocks: [
              {
                id: 'bad',
                type: 32,
                span: 12,
                data: {
                  html: '<video src="https://cdn.example/film.mp4"></video>',
                  providerName: 'Somewhere',
                  url: 'https://cdn.example/film',
                  title: 'A film',
                },
              },
            ],
          },
        },
      ],
    });
    await publish(site, 'videos.localhost');
    const html = await (await visit('videos.localhost', '/')).text();
    expect(html).toMatch(
      /<div class="video-block video-invalid"[^>]*data-state="invalid"><p class="video-invalid-text" role="note">Invalid video embed\.<\/p><\/div>/,
    );
    expect(html).not.toContain('<site-island');
    expect(islandsOf(html)).toBeUndefined();
  });

  it('waits for a press (interaction): the embed travels in the island’s props, not the page, whose poster links to the provider', async () => {
    const html = await (await visit(hostOf('trailhead'), '/screenings')).text();
    const video = islandElements(html).find((m) => m[1] === 'video')!;
    expect(video[2]).toBe('interaction');
    const props = islandsOf(html)!.props[Number(video[3])] as { html: string; providerName: string };
    expect(props.providerName).toBe('YouTube');
    expect(props.html).toMatch(/^<iframe [^>]*title="Mend, Don’t Spend: the trailer"[^>]*loading="lazy"/);
    // drawn only once pressed (in Chromium: test/e2e/islands.test.ts), so the page itself has no frame
    expect(html.replace(/<script type="application\/json" id="site-islands">[\s\S]*?<\/script>/, '')).not.toContain('<iframe');
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=Q7x2KpL9mVw" class="video-play" target="_blank" rel="noopener noreferrer" aria-label="Play video: Mend, Don’t Spend: the trailer">',
    );
  });
});
