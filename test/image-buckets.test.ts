// §9 image size buckets: width × devicePixelRatio picks the size; requests snap to the buckets.
import { describe, expect, it } from 'vitest';
import { imageBucketFor, imageSrcSet, parseFormat } from '../shared/images.ts';

describe('image size for width × ratio (§9 table)', () => {
  it.each([
    [3000, 2500],
    [1501, 2500],
    [1500, 1500],
    [1001, 1500],
    [1000, 1000],
    [751, 1000],
    [750, 750],
    [501, 750],
    [500, 500],
    [301, 500],
    [300, 300],
    [101, 300],
    [100, 100],
    [1, 100],
    [0, 100],
  ])('%i px picks %iw', (width, bucket) => {
    expect(imageBucketFor(width)).toBe(bucket);
  });
});

describe('format parameter', () => {
  it.each([
    ['750w', 750],
    ['800w', 1000],
    ['2500w', 2500],
    ['9999w', 2500],
    ['100', 100],
  ])('%s snaps to %i', (format, bucket) => {
    expect(parseFormat(format)).toBe(bucket);
  });
  it.each(['', 'large', '-5w', '750px'])('rejects %j', (format) => {
    expect(parseFormat(format)).toBeNull();
  });
  it.each([
    [1296, '1500w'],
    [1000, '1000w'],
    [1001, '1500w'],
    [2000, '2500w'],
    [90, '100w'],
  ])('stops the srcset at the first bucket covering %d px (%s)', (useful, last) => {
    const set = imageSrcSet('/media/lake.jpg', 2500, useful);
    expect(set.startsWith('/media/lake.jpg?format=100w 100w')).toBe(true);
    expect(set.endsWith(` ${last}`)).toBe(true);
  });
  it('lists every bucket up to the original width in the srcset', () => {
    expect(imageSrcSet('/media/lake.jpg', 1000)).toBe(
      '/media/lake.jpg?format=100w 100w, /media/lake.jpg?format=300w 300w, /media/lake.jpg?format=500w 500w, /media/lake.jpg?format=750w 750w, /media/lake.jpg?format=1000w 1000w',
    );
  });
});
