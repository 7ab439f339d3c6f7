// The streaming wrapper: the shell flushes before slow Suspense parts, section errors keep a fallback and are logged,
// a failed shell becomes ERROR 500, HEAD gets headers only, and a render that runs too long is aborted.
import { Suspense, use } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { snapshotSchema } from '../shared/snapshot/schema.ts';
import { SectionFallback } from '../worker/blocks/layout.tsx';
import { useAsync, type RenderState } from '../worker/kit/context.tsx';
import { renderInOnePass, renderPage } from '../worker/render/one-pass.tsx';
import { siteModelOf } from '../worker/blocks/indexes.ts';
import { isolateLog } from '../worker/log.ts';
import type { PageDefinition } from '../worker/pages/types.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'stream.localhost';
const decoder = new TextDecoder();

beforeAll(async () => {
  const site = minimalSite();
  site.website.identifier = 'stream';
  site.pages[0]!.layout.blocks = [
    { id: 'intro', type: 2, data: { html: '<p>Field notes, streamed.</p>' } },
    { id: 'feed', type: 49, data: { feedUrl: 'https://feeds.example.test/slow.xml', title: 'From the field', limit: 3 } },
  ];
  site.pages.push({
    id: 'broken-feed',
    urlId: 'broken-feed',
    title: 'Broken feed',
    layout: { blocks: [{ id: 'bad', type: 49, data: { feedUrl: 'https://feeds.example.test/broken.xml', limit: 3 } }] },
  });
  await publish(site, HOST);
});

afterEach(() => vi.restoreAllMocks());

async function readChunks(res: Response): Promise<string[]> {
  const reader = res.body!.getReader();
  const chunks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(decoder.decode(value, { stream: true }));
  }
}

describe('GET a page with a slow Suspense part (an RSS block whose feed answers after 300 ms)', () => {
  it('sends the head and the first content before the slow part completes', async () => {
    const started = Date.now();
    const res = await visit(HOST, '/');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = '';
    let firstContentAt = 0;
    let firstContent = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
      if (!firstContentAt && received.includes('Field notes, streamed.')) {
        firstContentAt = Date.now();
        firstContent = received;
      }
    }
    const finishedAt = Date.now();
    // the head and the first block arrived while the feed (300 ms) was still on its way...
    expect(firstContent).toContain('<title>');
    expect(firstContent).not.toContain('First light on the ridge');
    expect(finishedAt - firstContentAt).toBeGreaterThanOrEqual(200);
    expect(firstContentAt - started).toBeLessThan(finishedAt - started - 200);
    // ...and the feed's items followed in the same response
    expect(received).toContain('First light on the ridge');
    expect(received).toContain('A week without maps');
  });

  it('shows a message in the block when the feed fails, and logs it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await visit(HOST, '/broken-feed');
    const html = (await readChunks(res)).join('');
    expect(res.status).toBe(200);
    expect(html).toContain('This feed could not be loaded.');
    const logged = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('render.part_failed'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('rss:bad');
  });
});

describe('an RSS block reading a feed of its own site', () => {
  it('lists the collection feed, read in-process without a network hop', async () => {
    const site = minimalSite({
      collections: [
        {
          id: 'notes',
          urlId: 'notes',
          title: 'Notes',
          type: 1,
          items: [
            {
              id: 'n1',
              urlId: 'heron',
              title: 'A heron at the weir',
              status: 1,
              publishOn: '2026-10-01T07:00:00Z',
              excerpt: 'Grey, patient, gone.',
            },
          ],
        },
      ],
    });
    site.website.identifier = 'ownfeed';
    site.pages[0]!.layout.blocks = [{ id: 'own', type: 49, data: { feedUrl: '/notes?format=rss', title: 'Latest notes' } }];
    await publish(site, 'ownfeed.localhost');
    const html = (await readChunks(await visit('ownfeed.localhost', '/'))).join('');
    expect(html).toContain('A heron at the weir');
    expect(html).toContain('href="https://www.minimal.example/notes/heron"');
  });
});

describe('GET from a crawler', () => {
  it('waits for every part and sends it in place, readable without scripts', async () => {
    const res = await visit(HOST, '/', {
      headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    const html = await res.text();
    expect(html).toContain('First light on the ridge');
    expect(html).not.toContain('$RC(');
    expect(html).not.toContain('This section could not be loaded.');
  });
});

describe('HEAD', () => {
  it('gets the status and headers of the page and no body', async () => {
    const res = await visit(HOST, '/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
    const missing = await visit(HOST, '/nowhere', { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });
});

/** A render state for the minimal site, to drive the wrapper with page definitions made for the test. */
function stateFor(path: string): RenderState {
  const snapshot = snapshotSchema.parse(minimalSite());
  return {
    site: siteModelOf(snapshot, 'test'),
    route: { pageType: 'PAGE', status: 200, page: snapshot.pages[0] },
    url: new URL(`http://${HOST}${path}`),
    now: new Date(),
    nonce: 'test-nonce',
    session: null,
    crumb: 'test-crumb-0123456789abcd',
    scripts: [],
    islands: [],
    placement: { layoutDrawn: false },
    asyncCache: new Map(),
    fetch: (input, init) => fetch(input, init),
    ownFeed: () => null,
    reportError: () => {},
    log: isolateLog,
    failures: { count: 0 },
  };
}

const page = (Body: () => React.ReactNode): PageDefinition => ({ Body, chrome: 'site', title: () => 'Test', indexable: true });

function Throws(): React.ReactNode {
  throw new Error('a block failed');
}
const never = new Promise<string>(() => {});
function Never(): React.ReactNode {
  return use(never);
}

function FromMemory(): React.ReactNode {
  return <p>{useAsync('memory', () => 'Read from memory, no wait.')}</p>;
}
function FromAfar(): React.ReactNode {
  return <p>{useAsync('afar', () => new Promise<string>((resolve) => setTimeout(() => resolve('Arrived from afar.'), 50)))}</p>;
}

describe('one pass or a stream', () => {
  it('renders a page whose parts are all in memory in one pass, complete, with a doctype', () => {
    const html = renderInOnePass(
      stateFor('/'),
      page(() => (
        <Suspense fallback={<SectionFallback />}>
          <FromMemory />
        </Suspense>
      )),
    );
    expect(html?.startsWith('<!DOCTYPE html><html')).toBe(true);
    expect(html).toContain('Read from memory, no wait.');
    expect(html).not.toContain('This section could not be loaded.');
  });

  it('leaves a page with a part that waits, or fails, to the stream', async () => {
    const waiting = stateFor('/');
    expect(
      renderInOnePass(
        waiting,
        page(() => (
          <Suspense fallback={<SectionFallback />}>
            <FromAfar />
          </Suspense>
        )),
      ),
    ).toBeUndefined();
    expect(
      renderInOnePass(
        stateFor('/'),
        page(() => (
          <Suspense fallback={<SectionFallback />}>
            <Throws />
          </Suspense>
        )),
      ),
    ).toBeUndefined();
    expect(
      renderInOnePass(
        stateFor('/'),
        page(() => <Throws />),
      ),
    ).toBeUndefined();
    // the stream reuses the part's promise (started once) and sends it in place when it arrives
    const res = await renderPage(
      waiting,
      { method: 'GET', timeoutMs: 2000 },
      page(() => (
        <Suspense fallback={<SectionFallback />}>
          <FromAfar />
        </Suspense>
      )),
    );
    const chunks = await readChunks(res);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toContain('Arrived from afar.');
    expect(chunks[0]).not.toContain('Arrived from afar.');
  });
});

describe('renderPage', () => {
  it('logs an error inside a Suspense boundary and keeps the section fallback; the page is still 200', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await renderPage(
      stateFor('/'),
      { method: 'GET', timeoutMs: 2000 },
      page(() => (
        <>
          <p>Before the failing section.</p>
          <Suspense fallback={<SectionFallback />}>
            <Throws />
          </Suspense>
          <p>After the failing section.</p>
        </>
      )),
    );
    const html = (await readChunks(res)).join('');
    expect(res.status).toBe(200);
    expect(html).toContain('After the failing section.');
    expect(html).toContain('This section could not be loaded.');
    const logged = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('render.section_failed'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('a block failed');
  });

  it('renders the ERROR page type with status 500 when the shell fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await renderPage(
      stateFor('/'),
      { method: 'GET', timeoutMs: 2000 },
      page(() => <Throws />),
    );
    const html = (await readChunks(res)).join('');
    expect(res.status).toBe(500);
    expect(html).toContain('page-type-error');
    expect(html).toContain('Something Went Wrong!');
    expect(html).not.toContain('a block failed');
    expect(errors.mock.calls.some((c) => String(c[0]).includes('render.shell_failed'))).toBe(true);
  });

  it('aborts a render that runs past its time limit and ends the document', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await renderPage(
      stateFor('/'),
      { method: 'GET', timeoutMs: 150 },
      page(() => (
        <Suspense fallback={<SectionFallback />}>
          <Never />
        </Suspense>
      )),
    );
    const html = (await readChunks(res)).join('');
    expect(res.status).toBe(200);
    expect(html).toContain('This section could not be loaded.');
    expect(html).toContain('</html>');
  });
});
