// §4 Video, §7 Third-party loads: the play and pause messages of the two providers whose players take them, and the
// embed switched to listen for them, as tables.
import { describe, expect, it } from 'vitest';
import { playerMessage, withPlayerApi } from '../shared/video/embed.ts';

describe('play and pause messages per player', () => {
  it.each([
    ['https://www.youtube.com/embed/abc?autoplay=1', 'play', { event: 'command', func: 'playVideo', args: [] }, 'https://www.youtube.com'],
    [
      'https://www.youtube-nocookie.com/embed/abc',
      'pause',
      { event: 'command', func: 'pauseVideo', args: [] },
      'https://www.youtube-nocookie.com',
    ],
    ['https://player.vimeo.com/video/1?autoplay=1', 'play', { method: 'play' }, 'https://player.vimeo.com'],
    ['https://player.vimeo.com/video/1', 'pause', { method: 'pause' }, 'https://player.vimeo.com'],
  ] as const)('%s is told to %s', (src, command, message, origin) => {
    const to = playerMessage(src, command)!;
    expect(JSON.parse(to.message)).toEqual(message);
    expect(to.origin).toBe(origin);
  });

  it.each([
    ['https://fast.wistia.net/embed/iframe/x'],
    ['http://www.youtube.com/embed/abc'],
    ['https://evil.example/youtube.com'],
    ['not a url'],
  ])('%s takes no message', (src) => expect(playerMessage(src, 'play')).toBeUndefined());
});

describe('the embed switched to listen', () => {
  it.each([
    [
      '<iframe src="https://www.youtube-nocookie.com/embed/a?autoplay=1&amp;rel=0"></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/a?autoplay=1&amp;rel=0&amp;enablejsapi=1"></iframe>',
    ],
    ['<iframe src="https://www.youtube.com/embed/a"></iframe>', '<iframe src="https://www.youtube.com/embed/a?enablejsapi=1"></iframe>'],
    [
      '<iframe src="https://www.youtube.com/embed/a?enablejsapi=0"></iframe>',
      '<iframe src="https://www.youtube.com/embed/a?enablejsapi=0"></iframe>',
    ],
    ['<iframe src="https://player.vimeo.com/video/1"></iframe>', '<iframe src="https://player.vimeo.com/video/1"></iframe>'],
  ])('%s', (html, out) => expect(withPlayerApi(html)).toBe(out));
});
