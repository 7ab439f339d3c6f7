// Every service the social links blocks support is shown by its own drawn icon, never by letters standing in for one:
// a site linking to all of them, rendered by the real Worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { socialService } from '../worker/blocks/social-links/schema.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'social.localhost';
const SERVICES = socialService.options;

beforeAll(async () => {
  const links = SERVICES.map((service) => ({
    service,
    url: service === 'email' ? 'mailto:hello@social.example' : `https://${service}.example/social-site`,
  }));
  await publish(
    minimalSite({
      pages: [
        {
          id: 'home',
          urlId: 'home',
          title: 'Welcome',
          layout: {
            blocks: [
              { id: 'icons', type: 19, data: { links } },
              { id: 'named', type: 54, data: { accounts: links, style: 'text' } },
            ],
          },
        },
      ],
    }),
    HOST,
  );
});

/** Each link of a block's list: its service (from its URL) and the markup inside it. */
async function linksOf(blockId: string): Promise<Map<string, string>> {
  const html = await (await visit(HOST, '/')).text();
  const block = new RegExp(`id="block-${blockId}"[\\s\\S]*?</ul>`).exec(html)?.[0] ?? '';
  const links = new Map<string, string>();
  for (const m of block.matchAll(/<a href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const service = m[1]!.startsWith('mailto:') ? 'email' : new URL(m[1]!).hostname.split('.')[0]!;
    links.set(service, m[2]!);
  }
  return links;
}

/** The drawing of an icon: what is inside its <svg>, or null when the link has no svg. */
const drawing = (markup: string) => /<svg[^>]*>([\s\S]*?)<\/svg>/.exec(markup)?.[1] ?? null;

describe('the icons of the social links', () => {
  it('draw every supported service, each its own picture with no letters in place of a mark', async () => {
    const links = await linksOf('icons');
    expect([...links.keys()].sort()).toEqual([...SERVICES].sort());
    const drawings = new Map<string, string>();
    for (const [service, markup] of links) {
      const shape = drawing(markup);
      expect(shape, `${service} has an svg icon`).not.toBeNull();
      expect(shape, `${service}'s icon draws something`).toMatch(/<(path|circle|rect)\b[^>]*\b(d|r|width)="[^"]+"/);
      // nothing but the drawing: no text in or beside the icon, no letters through CSS
      expect(
        markup
          .replace(/<svg[\s\S]*<\/svg>/, '')
          .replace(/<[^>]+>/g, '')
          .trim(),
        service,
      ).toBe('');
      expect(markup, service).not.toMatch(/data-glyph|<text\b/);
      drawings.set(service, shape!);
    }
    const shared = [...drawings].filter(([service, shape]) => [...drawings].some(([other, o]) => other !== service && o === shape));
    expect(shared.map(([service]) => service)).toEqual([]);
  });

  it('name each icon-only link for screen readers, and show the same icons beside the names in the text style', async () => {
    const html = await (await visit(HOST, '/')).text();
    expect(html).toContain('aria-label="Vimeo profile"');
    expect(html).toContain('aria-label="LinkedIn profile"');
    const icons = await linksOf('icons');
    const named = await linksOf('named');
    for (const service of SERVICES) {
      expect(drawing(named.get(service)!), service).toBe(drawing(icons.get(service)!));
      expect(named.get(service), service).toMatch(/class="cb-social-name">[^<]+</);
    }
  });
});
