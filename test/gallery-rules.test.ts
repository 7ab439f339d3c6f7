// The gallery's pure rules, from the spec's tables: §4 design mapping and navigation, §9 carousel, swipe, keys,
// transitions and lightbox, §2 deep links and history; and §8's unknown design, where one can come from: a snapshot.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  arrowStep,
  autoplayDelayMs,
  captionMaxHeight,
  carouselGroups,
  carouselPerRow,
  controlsDisabled,
  galleryKind,
  historyEntry,
  isNavigable,
  keyboardApplies,
  lightboxClickZone,
  lightboxLoops,
  moveTo,
  randomOther,
  slideFromHash,
  swipeOutcome,
  transitionMs,
  wrapIndex,
} from '../shared/gallery/navigation.ts';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

describe('§4 design mapping', () => {
  it.each([
    ['stacked', 'base'],
    ['slider', 'strip'],
    ['slideshow', 'stacked'],
    ['grid', 'grid'],
    ['autogrid', 'autogrid'],
    ['autocolumns', 'autocolumns'],
    ['carousel', 'carousel'],
    ['list', 'list'],
  ] as const)('design %s runs as %s', (design, kind) => expect(galleryKind(design)).toBe(kind));

  it.each([
    ['base', true],
    ['strip', true],
    ['stacked', true],
    ['carousel', true],
    ['grid', false],
    ['autogrid', false],
    ['autocolumns', false],
    ['list', false],
  ] as const)('%s moves between slides: %s', (kind, navigable) => expect(isNavigable(kind)).toBe(navigable));
});

describe('§4 index wrapping', () => {
  it.each([
    [0, 5, 0],
    [4, 5, 4],
    [5, 5, 0],
    [7, 5, 2],
    [-1, 5, 4],
    [-5, 5, 0],
    [-6, 5, 4],
    [3, 0, 0],
  ])('index %i of %i slides is %i', (index, count, expected) => expect(wrapIndex(index, count)).toBe(expected));
});

describe('§4 moves with and without loop', () => {
  it.each([
    // current, requested, last, loop → index, direction, reached
    [0, 1, 4, false, 1, 'fwd', undefined],
    [3, 4, 4, false, 4, 'fwd', undefined],
    [4, 5, 4, false, 4, 'fwd', 'end'],
    [1, 0, 4, false, 0, 'rev', undefined],
    [0, -1, 4, false, 0, 'rev', 'beginning'],
    [2, 9, 4, false, 4, 'fwd', undefined],
    [4, 5, 4, true, 0, 'fwd', undefined],
    [0, -1, 4, true, 4, 'rev', undefined],
    [2, 2, 4, true, 2, 'fwd', undefined],
    [3, 1, 4, true, 1, 'rev', undefined],
  ] as const)(
    'from %i asking %i (last %i, loop %s) shows %i, %s, reached %s',
    (current, requested, last, loop, index, direction, reached) => {
      const move = moveTo(current, requested, last, loop);
      expect(move).toEqual(reached ? { index, direction, reached } : { index, direction });
    },
  );

  it.each([
    [0, 4, false, { previous: true, next: false }],
    [2, 4, false, { previous: false, next: false }],
    [4, 4, false, { previous: false, next: true }],
    [0, 4, true, { previous: false, next: false }],
    [4, 4, true, { previous: false, next: false }],
    [0, 0, true, { previous: true, next: true }],
  ])('controls at %i of last %i (loop %s) are disabled: %o', (index, last, loop, expected) =>
    expect(controlsDisabled(index, last, loop)).toEqual(expected),
  );
});

describe('§9 carousel', () => {
  it.each([
    [3, 1280, 3],
    [4, 1280, 4],
    [4, 723, 3],
    [3, 724, 3],
    [3, 479, 2],
    [1, 390, 1],
    [0, 1280, 3],
  ])('%i slides per row in a %ipx window shows %i', (perRow, width, expected) => expect(carouselPerRow(perRow, width)).toBe(expected));

  it.each([
    [5, 3, { last: 2, step: 3, controlsHidden: false }],
    [3, 3, { last: 0, step: 3, controlsHidden: true }],
    [2, 3, { last: 0, step: 3, controlsHidden: true }],
    [8, 2, { last: 6, step: 2, controlsHidden: false }],
  ])('%i slides, %i per row: %o', (count, perRow, expected) => expect(carouselGroups(count, perRow)).toEqual(expected));
});

describe('§4 autoplay', () => {
  it('a random pick is never the current slide, and every other slide can come', () => {
    const seen = new Set<number>();
    for (let r = 0; r < 1; r += 0.01) {
      const pick = randomOther(2, 5, () => r);
      expect(pick).not.toBe(2);
      seen.add(pick);
    }
    expect([...seen].sort()).toEqual([0, 1, 3, 4]);
    expect(randomOther(0, 1)).toBe(0);
  });

  it.each([
    [undefined, 5000],
    [5, 5000],
    [2.5, 2500],
    [0, 5000],
  ])('autoplay-duration %s waits %i ms', (seconds, ms) => expect(autoplayDelayMs(seconds)).toBe(ms));
});

describe('§4 §9 keyboard', () => {
  it.each([
    ['ArrowLeft', -1],
    ['ArrowRight', 1],
    ['Left', -1],
    ['Right', 1],
    ['ArrowUp', 0],
    ['Enter', 0],
  ])('%s steps %i', (key, step) => expect(arrowStep(key)).toBe(step));

  it.each([
    [{ typing: false, onScreen: true, autoplay: false }, true],
    [{ typing: true, onScreen: true, autoplay: false }, false],
    [{ typing: false, onScreen: false, autoplay: false }, false],
    [{ typing: false, onScreen: true, autoplay: true }, false],
  ])('with %o the arrows act: %s', (state, applies) => expect(keyboardApplies(state)).toBe(applies));
});

describe('§9 swipe', () => {
  it.each([
    [{ dx: 4, dy: 2, ms: 120, width: 800 }, 'tap'],
    [{ dx: 4, dy: 2, ms: 400, width: 800 }, 'none'],
    [{ dx: -60, dy: 5, ms: 200, width: 800 }, 'next'],
    [{ dx: 60, dy: 5, ms: 200, width: 800 }, 'previous'],
    [{ dx: -60, dy: 5, ms: 600, width: 800 }, 'none'],
    [{ dx: -420, dy: 5, ms: 900, width: 800 }, 'next'],
    [{ dx: -150, dy: 5, ms: 120, width: 800 }, 'next'],
    [{ dx: 30, dy: 80, ms: 100, width: 800 }, 'none'],
  ] as const)('a drag of %o is %s', (gesture, outcome) => expect(swipeOutcome(gesture)).toBe(outcome));
});

describe('§9 timings and sizes', () => {
  it.each([
    [390, 1, 200],
    [390, 9, 400],
    [766, 2, 250],
    [767, 1, 300],
    [1280, 3, 400],
    [1280, 20, 500],
  ])('a %ipx window moving %i slides takes %i ms', (width, distance, ms) => expect(transitionMs(width, distance)).toBe(ms));

  it.each([
    [100, 400, undefined],
    [360, 400, undefined],
    [361, 400, 160],
  ])('a %ipx caption in a %ipx gallery is capped at %s', (caption, gallery, cap) => expect(captionMaxHeight(caption, gallery)).toBe(cap));
});

describe('§2 deep links and history', () => {
  const slides = [
    { id: 'a1', url: 'first-light' },
    { id: 'b2', url: 'jetty-in-fog' },
    { id: 'c3', url: 'the-tarn' },
  ];
  it.each([
    ['#itemId=b2', 1],
    ['#itemId=the-tarn', 2],
    ['#block-g1=first-light', 0],
    ['#block-g1=c3&itemId=a1', 2],
    ['#itemId=nope', -1],
    ['', -1],
    ['#comments', -1],
  ])('hash %s opens slide %i', (hash, index) => expect(slideFromHash(hash, 'block-g1', slides)).toBe(index));

  it('writes {collection fullUrl}{slide URL} with the History API, itemId={slide id} in the hash without it', () => {
    expect(historyEntry('/photographs/', slides[1]!, true)).toEqual({ url: '/photographs/jetty-in-fog' });
    expect(historyEntry('/photographs', slides[1]!, true)).toEqual({ url: '/photographs/jetty-in-fog' });
    expect(historyEntry('/photographs/', slides[1]!, false)).toEqual({ hash: 'itemId=b2' });
  });
});

describe('§9 lightbox', () => {
  it.each([
    [1280, true],
    [433, true],
    [432, false],
    [390, false],
  ])('in a %ipx window it loops: %s', (width, loops) => expect(lightboxLoops(width)).toBe(loops));

  it.each([
    [10, 1000, 'none'],
    [20, 1000, 'previous'],
    [499, 1000, 'previous'],
    [500, 1000, 'next'],
    [980, 1000, 'next'],
    [990, 1000, 'none'],
  ])('a click at %i of %ipx goes %s', (x, width, zone) => expect(lightboxClickZone(x, width)).toBe(zone));
});

describe('§8 an unknown design name', () => {
  afterEach(() => vi.restoreAllMocks());

  /** A site whose gallery names a design there is none of, and a text block after it. */
  const wallSite = () => {
    const site = minimalSite({
      website: { ...minimalSite().website, identifier: 'wall' },
      collections: [
        {
          id: 'g',
          urlId: 'g',
          title: 'Photographs',
          type: 6,
          items: [{ id: 's1', urlId: 's1', title: 'One', status: 1, publishOn: '2026-10-01T09:00:00Z', recordType: 2 }],
        },
      ],
    });
    site.pages[0]!.layout.blocks = [
      { id: 'walled', type: 8, data: { collectionId: 'g', design: 'wall' } },
      { id: 'after', type: 2, data: { html: '<p>After the gallery.</p>' } },
    ];
    return site;
  };

  it('is refused at publish with an error saying the design could not be found', () => {
    const result = validateSnapshot(wallSite(), { strictBlocks: true });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.violations.map(formatViolation)).toEqual([
      'pages[0].layout.blocks[0].data.design: Could not find the gallery design "wall".',
    ]);
  });

  it('leaves its gallery out of a stored snapshot’s page, logged with that error; the rest of the page renders', async () => {
    // written to KV as it is, as a snapshot stored before this check would be
    await publish(wallSite(), 'wall.localhost');
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = await (await visit('wall.localhost', '/')).text();
    expect(html).toContain('After the gallery.');
    expect(html).not.toContain('id="block-walled"');
    const skipped = warnings.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('block.skipped'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toContain('"blockId":"walled"');
    expect(skipped[0]).toContain('design: Could not find the gallery design \\"wall\\".');
  });
});
