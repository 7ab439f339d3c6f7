// Snapshots of every earlier format (fixtures/snapshots/) still publish and render every block they had: published as
// publish:site publishes them, and read as they were stored in KV before the format had a version; a newsletter block or
// popup that named no form signs up to the site's newsletter list.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENVELOPE_NAMES, formAnchorId, NATIVE_SUBMIT_PATH } from '../shared/form-post.ts';
import { NEWSLETTER_LIST_FORM_ID, SNAPSHOT_FORMAT, UPGRADES } from '../shared/snapshot/format.ts';
import { validatedRecords } from '../shared/snapshot/publish.ts';
import type { Block, SiteSnapshot } from '../shared/snapshot/schema.ts';
import { BLOCK_NAMES } from '../worker/blocks/registry.ts';
import { POPUP_OBJECT_NAME } from '../worker/overlays/popup-overlay.view.tsx';
import { droppedBlocks } from '../worker/site/dropped-blocks.ts';
import { blockTraits, siteModelOf } from '../worker/blocks/indexes.ts';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';
import { call } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';
import { FIXTURE_LOCKS } from './support/crawl.ts';
import { contextOf } from './support/fixtures.ts';
import { publish, publishStored, visit } from './support/sites.ts';
import readme from '../fixtures/snapshots/README.md?raw';

const CORPUS = Object.entries(import.meta.glob<unknown>('../fixtures/snapshots/*.json', { eager: true, import: 'default' })).map(
  ([path, json]) => {
    const file = path.split('/').pop()!;
    return { file, format: Number(/^format-(\d+)-/.exec(file)?.[1]), json };
  },
);
/** The passwords of the fixtures' locked pages (fixtures/README.md), which the corpus snapshots share. */
const PAGE_PASSWORDS = Object.values(FIXTURE_LOCKS).map((lock) => lock.password);
const BOT = { 'User-Agent': 'Googlebot/2.1' };

afterEach(() => vi.restoreAllMocks());

/** Publishes a snapshot as `npm run publish:site` does (scripts/publish-lib.ts): upgraded, validated strictly, stored. */
async function publishAsPublishSite(json: unknown, host: string): Promise<SiteSnapshot> {
  const result = validateSnapshot(json, { strictBlocks: true });
  if (!result.ok) throw new Error(result.violations.map(formatViolation).join('\n'));
  const { records } = await validatedRecords(result, blockTraits, host);
  for (const r of records) await env.SITES.put(r.key, r.value);
  return result.snapshot;
}

/** Every block of the snapshot a visitor can see, with the URL of its page and the password of that page, if locked. */
function placedBlocks(s: SiteSnapshot): { block: Block; url: string; locked: boolean }[] {
  const site = siteModelOf(s, 'corpus');
  const now = new Date();
  const out: { block: Block; url: string; locked: boolean }[] = [];
  for (const page of s.pages) {
    const url = site.entryUrl({ kind: 'page', page });
    for (const block of page.layout.blocks) out.push({ block, url, locked: !!page.password });
  }
  for (const c of s.collections) {
    const url = site.entryUrl({ kind: 'collection', collection: c });
    for (const block of c.headerLayout?.blocks ?? []) out.push({ block, url, locked: !!c.password });
    for (const item of c.items) {
      if (!site.isVisible(item, now)) continue;
      for (const block of item.body?.blocks ?? []) out.push({ block, url: site.itemUrl(c, item), locked: !!c.password });
    }
  }
  return out;
}

/** A page's HTML as a crawler gets it (whole, not streamed), unlocking it first when it is locked. */
async function pageHtml(host: string, url: string, locked: boolean): Promise<string> {
  let cookie = '';
  if (locked) {
    for (const password of PAGE_PASSWORDS) {
      const res = await visit(host, url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({ password }).toString(),
      });
      if (res.status === 303) cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    }
    expect(cookie, `${url} unlocks with a fixture password`).not.toBe('');
  }
  const res = await visit(host, url, { headers: { ...BOT, ...(cookie ? { Cookie: cookie } : {}) } });
  expect(res.status, url).toBe(200);
  return res.text();
}

/** Renders every page that holds a block and checks each block is there, as its type, with nothing logged or counted. */
async function expectEveryBlock(host: string, snapshot: SiteSnapshot): Promise<number> {
  const warnings = vi.spyOn(console, 'warn');
  const placed = placedBlocks(snapshot);
  const byUrl = new Map<string, typeof placed>();
  for (const p of placed) byUrl.set(p.url, [...(byUrl.get(p.url) ?? []), p]);
  for (const [url, blocks] of byUrl) {
    const html = await pageHtml(host, url, blocks[0]!.locked);
    for (const { block } of blocks) {
      const wrapper = new RegExp(`<div class="block block-([a-z0-9-]+)[^"]*" id="block-${block.id}" data-block-type="${block.type}"`).exec(
        html,
      );
      expect(wrapper, `block ${block.id} is on ${url}`).not.toBeNull();
      expect(wrapper![1]).toBe(BLOCK_NAMES.get(block.type)!.replace(/_/g, '-'));
    }
  }
  expect(warnings.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('block.skipped'))).toEqual([]);
  expect(droppedBlocks().find((d) => d.site === snapshot.website.identifier)).toBeUndefined();
  return placed.length;
}

/** The controls of the form inside one element of the page (a block's wrapper, the popup), as a browser would post them. */
function formControls(html: string, elementId: string): { hidden: [string, string][]; email: string; action: string } {
  const start = html.indexOf(`id="${elementId}"`);
  expect(start, `${elementId} is on the page`).toBeGreaterThan(-1);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html.slice(start))!;
  expect(form, `${elementId} holds a form`).not.toBeNull();
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const inputs = form[2]!.match(/<input[^>]*>/g) ?? [];
  const hidden = inputs
    .filter((tag) => attr(tag, 'type') === 'hidden')
    .map((tag) => [attr(tag, 'name')!, (attr(tag, 'value') ?? '').replace(/&amp;/g, '&')] as [string, string]);
  const email = inputs.find((tag) => attr(tag, 'type') === 'email');
  expect(email, `${elementId} asks for an email address`).toBeDefined();
  return { hidden, email: attr(email!, 'name')!, action: form[1]!.replace(/&amp;/g, '&') };
}

/** Signs up as a visitor without script does (the form's own controls, posted to its action), and reads the list as the owner. */
async function signUp(host: string, html: string, elementId: string, address: string, owner: string) {
  const { hidden, email, action } = formControls(html, elementId);
  expect(action).toBe(NATIVE_SUBMIT_PATH);
  const res = await visit(host, action, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: `http://${host}`,
      'Sec-Fetch-Site': 'same-origin',
      Cookie: `crumb=${CRUMB}`,
      'CF-Connecting-IP': '198.51.100.77',
    },
    body: new URLSearchParams([...hidden, [email, address]]).toString(),
  });
  expect(res.status).toBe(303);
  const formId = new Map(hidden).get(ENVELOPE_NAMES.formId);
  const list = await call(host, `/api/form/Submissions?formId=${formId}`, {}, { cookies: owner, crumb: false });
  expect(list.status).toBe(200);
  return { formId, list: (await list.json()) as { form: { id: string }; submissions: { values: Record<string, unknown> }[] } };
}

describe('the corpus of earlier snapshot formats', () => {
  it('holds a snapshot of every format before the current one, each with a line in its README', () => {
    for (let format = 1; format < SNAPSHOT_FORMAT; format++) {
      expect(
        CORPUS.filter((c) => c.format === format).map((c) => c.file),
        `a snapshot of format ${format}`,
      ).not.toEqual([]);
    }
    for (const { file, format } of CORPUS) {
      expect(format, file).toBeGreaterThanOrEqual(1);
      expect(format, file).toBeLessThan(SNAPSHOT_FORMAT);
      expect(readme, file).toMatch(new RegExp(`\\| \`${file.replace(/\./g, '\\.')}\`\\s*\\| ${format} `));
    }
  });

  it('has a snapshot that each upgrade changes', () => {
    for (const upgrade of UPGRADES) {
      const changed = CORPUS.filter(({ json, format }) => {
        if (format > upgrade.from) return false;
        // the snapshot as it reaches this upgrade: through the ones before it
        let s = json as Record<string, unknown>;
        for (const earlier of UPGRADES.slice(format - 1, upgrade.from - 1)) s = earlier.upgrade(s).snapshot;
        return upgrade.upgrade(s).changes.length > 0;
      });
      expect(
        changed.map((c) => c.file),
        `a snapshot that the upgrade from format ${upgrade.from} changes`,
      ).not.toEqual([]);
    }
  });

  describe.each(CORPUS.map((c) => [c.file, c] as const))('%s', (file, { json }) => {
    const name = file.replace(/\.json$/, '');
    const published = `${name}.localhost`;
    const stored = `stored-${name}.localhost`;

    it('publishes as publish:site publishes it, in the current format, changing only what its format lacked', async () => {
      const result = validateSnapshot(json, { strictBlocks: true });
      if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
      expect(result.upgraded.changes).not.toEqual([]);
      const { records } = await validatedRecords(result, blockTraits, published);
      const record = JSON.parse(records[0]!.value) as Record<string, unknown>;
      expect(record.formatVersion).toBe(SNAPSHOT_FORMAT);
      // the file itself is left as it is
      expect((json as Record<string, unknown>).formatVersion).toBeUndefined();
    });

    it('renders every block it had on every page that holds one, published by publish:site', async () => {
      const snapshot = await publishAsPublishSite(json, published);
      expect(await expectEveryBlock(published, snapshot)).toBeGreaterThan(10);
    });

    it('renders every block it had when read as it was stored before formats (no formatVersion)', async () => {
      // what publish:site wrote then: the file as it was, which the Worker now upgrades (and splits) as it reads it
      await publishStored(json, stored);
      const result = validateSnapshot(json);
      if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
      expect(await expectEveryBlock(stored, result.snapshot)).toBeGreaterThan(10);
    });
  });
});

describe("a format-1 newsletter block without a form, on the site's newsletter list", () => {
  const file = 'format-1-kettle-newsletter-without-form.json';
  const json = CORPUS.find((c) => c.file === file)!.json;

  it.each([
    ['published by publish:site', 'list-published.localhost', true],
    ['as it was stored before formats', 'list-stored.localhost', false],
  ])('stores a signup through the block in the list (%s)', async (_how, host, viaPublishSite) => {
    if (viaPublishSite) await publishAsPublishSite(json, host);
    else await publishStored(json, host);
    const html = await pageHtml(host, '/contact', false);
    const owner = await login(host, 'owner@kettle.example');
    const address = `reader-${host.split('.')[0]}@example.com`;
    const { formId, list } = await signUp(host, html, 'block-contact-b2', address, owner);
    expect(formId).toBe(NEWSLETTER_LIST_FORM_ID);
    expect(list.form.id).toBe(NEWSLETTER_LIST_FORM_ID);
    expect(list.submissions.map((s) => s.values.email)).toContain(address);
  });

  it('is a newsletter list the unsubscribe page takes an address off', () => {
    const result = validateSnapshot(json);
    if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
    expect(siteModelOf(result.snapshot, 'v').newsletterForms()).toEqual([NEWSLETTER_LIST_FORM_ID]);
  });

  it('asks for a name too, as the block did with collectNames', async () => {
    const html = await pageHtml('list-published.localhost', '/contact', false);
    const block = html.slice(html.indexOf('id="block-contact-b2"'));
    expect(block.slice(0, block.indexOf('</form>'))).toMatch(/<input[^>]*name="name\.First"/);
  });
});

describe('a format-1 popup overlay without a form', () => {
  const json = CORPUS.find((c) => c.file === 'format-1-fernwood-popup-without-form.json')!.json;

  it("is shown again, and stores a signup in the site's newsletter list", async () => {
    const host = 'popup-list.localhost';
    await publish(json, host);
    const html = await pageHtml(host, '/popup-overlay', false);
    expect(contextOf(html).pageTypeName).toBe('POPUP_OVERLAY');
    const owner = await login(host, 'owner@fernwood.example');
    const { formId, list } = await signUp(host, html, formAnchorId(POPUP_OBJECT_NAME), 'walker@example.com', owner);
    expect(formId).toBe(NEWSLETTER_LIST_FORM_ID);
    expect(list.submissions.map((s) => s.values.email)).toContain('walker@example.com');
  });
});

describe('a format-2 comment service shortname that is no host name', () => {
  it('is left out, so the site serves again and its comment links go to its own comments', async () => {
    const json = CORPUS.find((c) => c.file === 'format-2-fernwood-comment-service-shortname.json')!.json;
    const host = 'shortname.localhost';
    await publish(json, host);
    const html = await pageHtml(host, '/about', false);
    expect(contextOf(html).pageTypeName).toBe('PAGE');
    expect(html).toContain('class="cb-comments"');
    expect(html).not.toContain('disqus.com');
  });
});
