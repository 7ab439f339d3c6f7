// §9 file sizes as a table, and where a visitor reads one: the audio block's download link with its file's size.
import { beforeAll, describe, expect, it } from 'vitest';
import { fileSizeLabel } from '../shared/file-size.ts';
import { publishFixtures } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

beforeAll(publishFixtures);

describe('file size labels (§9)', () => {
  it.each([
    [0, '~1KB'],
    [999, '~1KB'],
    [1000, '1KB'],
    [1499, '1KB'],
    [1500, '2KB'],
    [412_300, '412KB'],
    [999_999, '1000KB'],
    [1_000_000, '1MB'],
    [43_360_000, '43MB'],
    [1_250_000_000, '1250MB'],
  ])('%s bytes: %s', (bytes, label) => expect(fileSizeLabel(bytes)).toBe(label));
});

describe('GET /community on trailhead', () => {
  it('gives the audio block’s download link the size of its file', async () => {
    const html = await (await visit('trailhead.localhost', '/community')).text();
    const link = /<a class="audio-download" href="([^"]+)" download="">([\s\S]*?)<\/a>/.exec(html);
    expect(link?.[1]).toBe('https://audio.trailheadsupply.co.uk/trailside-sessions/episode-14.mp3');
    expect(link?.[2].replace(/<[^>]+>/g, '')).toBe(
      'Download Trailside Sessions, episode 14: Hana Sato on wild camping, permission and trowels (43MB)',
    );
  });
});
