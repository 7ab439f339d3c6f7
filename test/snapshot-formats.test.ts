// The snapshot format version: a snapshot without one is of format 1 and is upgraded, format by format, before it is
// validated; the current format is not upgraded again; a format newer than the runtime reads is refused by name.
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_LIST_FORM_ID, SNAPSHOT_FORMAT, UPGRADES, upgradeSnapshot } from '../shared/snapshot/format.ts';
import type { SiteSnapshotInput } from '../shared/snapshot/schema.ts';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';
import { minimalSite } from './support/minimal-site.ts';

const errorsOf = (snapshot: unknown) => {
  const r = validateSnapshot(snapshot, { strictBlocks: true });
  return r.ok ? [] : r.violations.map(formatViolation);
};

/** A site of format 1: a newsletter block that names no form, as the editor wrote them before commit abb1e13. */
function formatOneSite(extra: Partial<SiteSnapshotInput> = {}): SiteSnapshotInput {
  const site = minimalSite(extra);
  site.pages[0]!.layout.blocks.push({ id: 'letter', type: 51, data: { title: 'The letter', collectNames: false } });
  return site;
}

describe('the snapshot format version', () => {
  it('has one upgrade from each earlier format, in order', () => {
    expect(UPGRADES.map((u) => u.from)).toEqual(Array.from({ length: SNAPSHOT_FORMAT - 1 }, (_, i) => i + 1));
  });

  it('is written into a snapshot that had none, which is otherwise left as it was', () => {
    const site = minimalSite();
    const result = validateSnapshot(site, { strictBlocks: true });
    if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
    expect(result.upgraded).toEqual({ from: 1, changes: [] });
    expect(result.document).toEqual({ formatVersion: SNAPSHOT_FORMAT, ...site });
    expect(Object.keys(result.document as object)[0]).toBe('formatVersion');
    expect(result.snapshot.formatVersion).toBe(SNAPSHOT_FORMAT);
    expect(site).not.toHaveProperty('formatVersion');
  });

  it.each([
    [
      SNAPSHOT_FORMAT + 1,
      `formatVersion: format ${SNAPSHOT_FORMAT + 1} is newer than this runtime reads (formats 1 to ${SNAPSHOT_FORMAT})`,
    ],
    [99, `formatVersion: format 99 is newer than this runtime reads (formats 1 to ${SNAPSHOT_FORMAT})`],
    [0, `formatVersion: expected a whole number from 1 to ${SNAPSHOT_FORMAT}`],
    [2.5, `formatVersion: expected a whole number from 1 to ${SNAPSHOT_FORMAT}`],
    [String(SNAPSHOT_FORMAT), `formatVersion: expected a whole number from 1 to ${SNAPSHOT_FORMAT}`],
    [null, `formatVersion: expected a whole number from 1 to ${SNAPSHOT_FORMAT}`],
  ])('refuses formatVersion %j with that one reason, naming the path', (formatVersion, reason) => {
    // nothing else is reported: the rest of a snapshot of an unknown format cannot be judged
    const errors = errorsOf({ ...minimalSite({ version: '' }), formatVersion });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(reason);
  });

  it('tells how to publish a snapshot of a newer format', () => {
    expect(errorsOf({ ...minimalSite(), formatVersion: SNAPSHOT_FORMAT + 1 })[0]).toContain(
      `deploy the runtime that reads format ${SNAPSHOT_FORMAT + 1} before publishing this snapshot`,
    );
  });

  it('upgrades a snapshot that declares an earlier format', () => {
    const result = validateSnapshot({ ...formatOneSite(), formatVersion: 1 }, { strictBlocks: true });
    if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
    expect(result.upgraded.from).toBe(1);
    expect(result.snapshot.pages[0]!.layout.blocks[1]!.data.formId).toBe(NEWSLETTER_LIST_FORM_ID);
  });

  it('does not upgrade a snapshot of the current format: what that format refuses stays refused', () => {
    expect(errorsOf({ ...formatOneSite(), formatVersion: SNAPSHOT_FORMAT })).toEqual([
      'pages[0].layout.blocks[1].data.formId: Invalid input: expected string, received undefined',
    ]);
  });
});

describe('the upgrade from format 1: signups to a form', () => {
  it("points a newsletter block without a form at the site's newsletter list, added with an email field", () => {
    const site = formatOneSite();
    const before = structuredClone(site);
    const result = validateSnapshot(site, { strictBlocks: true });
    if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
    expect(result.upgraded.changes).toEqual([
      `pages[0].layout.blocks[1].data.formId: signs up to the site's newsletter list, form '${NEWSLETTER_LIST_FORM_ID}'`,
      `forms[0]: the site's newsletter list '${NEWSLETTER_LIST_FORM_ID}' (email), added`,
    ]);
    expect(result.snapshot.pages[0]!.layout.blocks[1]!.data).toEqual({ title: 'The letter', formId: NEWSLETTER_LIST_FORM_ID });
    expect(result.snapshot.forms).toEqual([
      {
        id: NEWSLETTER_LIST_FORM_ID,
        name: 'Newsletter',
        submitButtonText: 'Sign Up',
        postSubmitHtml: '',
        postSubmitText: '',
        fields: [{ id: 'email', type: 'email', rawTitle: 'Email Address', title: 'Email Address', required: true }],
      },
    ]);
    // the snapshot handed in is not changed
    expect(site).toEqual(before);
  });

  it('takes the next free id when the snapshot has a form of that id already, and one list for every such block', () => {
    const site = formatOneSite({
      forms: [
        { id: NEWSLETTER_LIST_FORM_ID, name: 'Contact', fields: [{ id: 'msg', type: 'textarea', rawTitle: 'Message', title: 'Message' }] },
      ],
      collections: [
        {
          id: 'news',
          urlId: 'news',
          title: 'News',
          type: 1,
          headerLayout: { blocks: [{ id: 'letter-2', type: 51, data: { title: 'Sign up', collectNames: true } }] },
          items: [],
        },
      ],
    });
    const result = validateSnapshot(site, { strictBlocks: true });
    if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
    const list = `${NEWSLETTER_LIST_FORM_ID}-2`;
    expect(result.snapshot.pages[0]!.layout.blocks[1]!.data.formId).toBe(list);
    expect(result.snapshot.collections[0]!.headerLayout!.blocks[0]!.data.formId).toBe(list);
    expect(result.snapshot.forms.map((f) => f.id)).toEqual([NEWSLETTER_LIST_FORM_ID, list]);
    // a block that asked for names: the list asks for them too
    expect(result.snapshot.forms[1]!.fields.map((f) => f.type)).toEqual(['name', 'email']);
  });

  it('points a popup overlay without a form at the list, and leaves a popup of style NONE without one', () => {
    const popup = { style: 'CARD' as const, title: 'Letters' };
    const shown = validateSnapshot(minimalSite({ settings: { popupOverlaySettings: popup } }), { strictBlocks: true });
    if (!shown.ok) expect.fail(shown.violations.map(formatViolation).join('\n'));
    expect(shown.snapshot.settings.popupOverlaySettings?.formId).toBe(NEWSLETTER_LIST_FORM_ID);
    expect(shown.snapshot.forms.map((f) => f.id)).toEqual([NEWSLETTER_LIST_FORM_ID]);

    const none = validateSnapshot(minimalSite({ settings: { popupOverlaySettings: { ...popup, style: 'NONE' } } }));
    if (!none.ok) expect.fail(none.violations.map(formatViolation).join('\n'));
    expect(none.upgraded.changes).toEqual([]);
    expect(none.snapshot.forms).toEqual([]);
  });

  it('leaves a newsletter block that names a form as it is', () => {
    const site = minimalSite({ forms: [{ id: 'f', name: 'F', fields: [{ id: 'e', type: 'email', rawTitle: 'E', title: 'E' }] }] });
    site.pages[0]!.layout.blocks.push({ id: 'letter', type: 51, data: { title: 'The letter', formId: 'f' } });
    const upgrade = upgradeSnapshot(site);
    if (!upgrade.ok) expect.fail(upgrade.violations.map(formatViolation).join('\n'));
    expect(upgrade.changes).toEqual([]);
    expect(upgrade.snapshot).toEqual({ formatVersion: SNAPSHOT_FORMAT, ...site });
  });
});

describe('the upgrade from format 2: a comment service shortname is a host name', () => {
  it.each(['fernwood-journal.disqus.com', 'Fernwood Journal', 'fernwood_journal', ''])('removes %j', (shortname) => {
    const result = validateSnapshot(minimalSite({ settings: { commentServiceShortname: shortname } }), { strictBlocks: true });
    if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
    expect(result.snapshot.settings.commentServiceShortname).toBeUndefined();
    expect(result.upgraded.changes).toHaveLength(1);
    expect(result.upgraded.changes[0]).toMatch(/^settings\.commentServiceShortname: .* removed/);
  });

  it('keeps one that is letters, digits and dashes', () => {
    const result = validateSnapshot(minimalSite({ settings: { commentServiceShortname: 'Fernwood-Journal' } }));
    if (!result.ok) expect.fail(result.violations.map(formatViolation).join('\n'));
    expect(result.snapshot.settings.commentServiceShortname).toBe('Fernwood-Journal');
    expect(result.upgraded.changes).toEqual([]);
  });
});
