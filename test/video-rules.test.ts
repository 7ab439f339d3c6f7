// Video embeds: §5 validity and §9's autoplay parameter per provider, as tables.
import { describe, expect, it } from 'vitest';
import { autoplayParameter, embedType, withAutoplay } from '../shared/video/embed.ts';

describe('§5 embed validity', () => {
  it.each([
    ['<iframe src="https://player.vimeo.com/video/1"></iframe>', 'iframe'],
    ['<div><IFRAME src="x"></IFRAME></div>', 'iframe'],
    ['<object data="x"><embed src="x.swf"></object>', 'object'],
    ['<object data="x"></object>', 'invalid'],
    ['<video src="x.mp4"></video>', 'invalid'],
    ['<script>alert(1)</script>', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (html, type) => expect(embedType(html)).toBe(type));
});

describe('§9 autoplay parameter per provider', () => {
  it.each([
    ['YouTube', ['autoplay', '1']],
    ['Vimeo', ['autoplay', '1']],
    ['Wistia', ['autoPlay', 'true']],
    ['Ustream', ['options', 'autostart']],
    ['Livestream', ['options', 'autostart']],
    ['Dailymotion', ['autoplay', '1']],
  ])('%s plays with %o', (provider, parameter) => expect(autoplayParameter(provider)).toEqual(parameter));

  it.each([
    [
      '<iframe src="https://player.vimeo.com/video/1" title="t"></iframe>',
      'Vimeo',
      '<iframe allow="autoplay" src="https://player.vimeo.com/video/1?autoplay=1" title="t"></iframe>',
    ],
    [
      '<iframe src="https://player.vimeo.com/video/1" allow="fullscreen; picture-in-picture"></iframe>',
      'Vimeo',
      '<iframe src="https://player.vimeo.com/video/1?autoplay=1" allow="fullscreen; picture-in-picture; autoplay"></iframe>',
    ],
    [
      '<iframe allow="autoplay; fullscreen" src="https://x.test/v"></iframe>',
      'Vimeo',
      '<iframe allow="autoplay; fullscreen" src="https://x.test/v?autoplay=1"></iframe>',
    ],
    [
      "<iframe title='t' src='https://www.youtube-nocookie.com/embed/a?rel=0&amp;x=1'></iframe>",
      'YouTube',
      `<iframe allow="autoplay" title='t' src='https://www.youtube-nocookie.com/embed/a?rel=0&amp;x=1&amp;autoplay=1'></iframe>`,
    ],
    [
      '<iframe src="https://fast.wistia.net/embed/iframe/abc"></iframe>',
      'Wistia',
      '<iframe allow="autoplay" src="https://fast.wistia.net/embed/iframe/abc?autoPlay=true"></iframe>',
    ],
    [
      '<iframe src="https://x.test/v?autoplay=0"></iframe>',
      'Vimeo',
      '<iframe allow="autoplay" src="https://x.test/v?autoplay=0"></iframe>',
    ],
    ['<object data="x"><embed src="x.swf"></object>', 'YouTube', '<object data="x"><embed src="x.swf"></object>'],
  ])('%s from %s becomes %s', (html, provider, expected) => expect(withAutoplay(html, provider)).toBe(expected));
});
