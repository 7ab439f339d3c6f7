// /robots.txt: plain text for every site, answered before any lock; a broken snapshot asks crawlers to come back.
import { beforeAll, describe, expect, it } from 'vitest';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { publish, visit } from './support/sites.ts';

beforeAll(async () => {
  await publishFixtures();
  await publish('{"version": "1", "website": ', 'brokenrobots.localhost');
});

describe('GET /robots.txt', () => {
  it('lets crawlers in, except to the editor, the API and the per-visitor pages', async () => {
    const res = await visit(hostOf('fernwood'), '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    const text = await res.text();
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    for (const path of ['/config', '/api/', '/cart', '/checkout', '/search']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  it('keeps crawlers out of a site locked as a whole, without showing the lock screen', async () => {
    const res = await visit(hostOf('hollow'), '/robots.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('answers 503 with Retry-After when the snapshot cannot be read, and 404 where no site is published', async () => {
    const broken = await visit('brokenrobots.localhost', '/robots.txt');
    expect(broken.status).toBe(503);
    expect(broken.headers.get('retry-after')).toBe('300');
    expect((await visit('nosite.localhost', '/robots.txt')).status).toBe(404);
  });
});
