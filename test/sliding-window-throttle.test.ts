// The one sliding-window throttle behind failed logins and form submission budgets: its window, its verdicts, its keys
// (a login key and a form key never share an object), its counts across a restart, and how it deletes itself once its
// window is empty (issue 30 §4).
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { throttleOf } from '../worker/durable/sliding-window-throttle.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2027, 0, 1);

describe('SlidingWindowThrottle', () => {
  it('takes events up to the limit, then refuses with the seconds until the oldest leaves the window', async () => {
    const t = throttleOf(env, 'form-address', 'site-window', '192.0.2.1');
    for (let i = 0; i < 3; i++) expect(await t.take(3, 10 * MINUTE, T0 + i * MINUTE)).toMatchObject({ allowed: true, count: i + 1 });
    expect(await t.take(3, 10 * MINUTE, T0 + 4 * MINUTE)).toMatchObject({ allowed: false, retryAfterSeconds: 6 * 60, count: 3 });
    // a refused take counts nothing; once the oldest leaves the window there is room for one more
    expect(await t.take(3, 10 * MINUTE, T0 + 10 * MINUTE)).toMatchObject({ allowed: true, count: 3 });
    expect(await t.take(3, 10 * MINUTE, T0 + 10 * MINUTE + 1)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });

  it('gives back one event it took (an attempt that did not count), and forgets everything on reset', async () => {
    const t = throttleOf(env, 'login-account', 'site-window', 'ada@example.com');
    const first = await t.take(2, MINUTE, T0);
    expect(first).toEqual({ allowed: true, retryAfterSeconds: 0, count: 1, at: T0 });
    await t.take(2, MINUTE, T0 + 1);
    expect(await t.take(2, MINUTE, T0 + 2)).toMatchObject({ allowed: false, count: 2 });
    await t.forget(first.at);
    expect(await t.take(2, MINUTE, T0 + 3)).toMatchObject({ allowed: true, count: 2 });
    await t.reset();
    expect(await t.take(2, MINUTE, T0 + 4)).toMatchObject({ allowed: true, count: 1 });
  });

  it('gives each scope its own key space, and keeps key parts apart', async () => {
    const login = throttleOf(env, 'login-address', 'site-keys', '192.0.2.7');
    const form = throttleOf(env, 'form-address', 'site-keys', '192.0.2.7');
    expect(login.id.equals(form.id)).toBe(false);
    await login.take(1, MINUTE, T0);
    expect(await form.take(1, MINUTE, T0)).toMatchObject({ allowed: true, count: 1 });
    const joined = throttleOf(env, 'login-account', 'a:b', 'c');
    expect(joined.id.equals(throttleOf(env, 'login-account', 'a', 'b:c').id)).toBe(false);
  });

  it('keeps its counts when the Durable Objects restart', async () => {
    const t = throttleOf(env, 'form-address', 'site-restart', '192.0.2.9');
    await t.take(1, MINUTE, T0);
    await abortAllDurableObjects();
    expect(await throttleOf(env, 'form-address', 'site-restart', '192.0.2.9').take(1, MINUTE, T0 + 1)).toMatchObject({ allowed: false });
  });
});

/** What a throttle object stores: its tables (the platform's own apart) and its alarm. */
function storedBy(t: ReturnType<typeof throttleOf>): Promise<{ tables: string[]; alarm: number | null }> {
  return runInDurableObject(t, async (_instance, state) => ({
    tables: state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name")
      .toArray()
      .map((r) => r.name),
    alarm: await state.storage.getAlarm(),
  }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SlidingWindowThrottle cleaning up', () => {
  it('stores nothing for a key that was only peeked at', async () => {
    const t = throttleOf(env, 'form-total', 'site-cleanup', 'form-peeked');
    expect(await t.peek(3, MINUTE)).toMatchObject({ allowed: true, count: 0 });
    expect(await storedBy(t)).toEqual({ tables: [], alarm: null });
  });

  it('sets its alarm to when the last event leaves the window, and keeps its events while one is in it', async () => {
    const t = throttleOf(env, 'login-address', 'site-cleanup', '192.0.2.60');
    const now = Date.now();
    await t.take(5, 10 * MINUTE, now);
    await t.take(5, 10 * MINUTE, now + 1000);
    expect(await storedBy(t)).toEqual({ tables: ['_schema', 'events', 'settings'], alarm: now + 1000 + 10 * MINUTE });
    // the alarm run early (as after a restart): the window is not empty, so nothing goes and the alarm stays
    expect(await runDurableObjectAlarm(t)).toBe(true);
    expect(await storedBy(t)).toEqual({ tables: ['_schema', 'events', 'settings'], alarm: now + 1000 + 10 * MINUTE });
    expect(await t.peek(5, 10 * MINUTE, now + 1000)).toMatchObject({ count: 2 });
  });

  it('deletes everything, alarm included, once its window is empty, and starts afresh on the next event', async () => {
    const t = throttleOf(env, 'form-address', 'site-cleanup', '192.0.2.61');
    await t.take(3, 200);
    await sleep(250);
    // the alarm has come (the runtime may already have run it: then there is none left to run)
    await runDurableObjectAlarm(t);
    expect(await storedBy(t)).toEqual({ tables: [], alarm: null });
    expect(await t.peek(3, 200)).toMatchObject({ allowed: true, count: 0 });
    expect(await t.take(3, MINUTE)).toMatchObject({ allowed: true, count: 1 });
    expect((await storedBy(t)).tables).toEqual(['_schema', 'events', 'settings']);
  });

  it('deletes everything at once when reset (a successful login)', async () => {
    const t = throttleOf(env, 'login-account', 'site-cleanup', 'ada@example.com');
    await t.take(5, 15 * MINUTE);
    await t.reset();
    expect(await storedBy(t)).toEqual({ tables: [], alarm: null });
    expect(await t.take(5, 15 * MINUTE)).toMatchObject({ allowed: true, count: 1 });
  });
});
