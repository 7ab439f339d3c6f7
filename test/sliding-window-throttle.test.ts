// The one sliding-window throttle behind failed logins and form submission budgets: its window, its verdicts, its keys
// (a login key and a form key never share an object) and its counts across a restart.
import { abortAllDurableObjects, env } from 'cloudflare:test';
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
