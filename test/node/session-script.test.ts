// npm run session prints a session cookie for local testing that the Worker accepts (checked with the same signer: the
// session key derived from SESSION_SECRET).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseSigned } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { decodeSession } from '../../shared/cookies.ts';
import { purposeKeyBytes } from '../../worker/security/keys.ts';

const root = join(import.meta.dirname, '..', '..');
const SECRET = 'node-test-secret-abcdefghijklmnop';
const run = (...args: string[]) =>
  spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/session.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SESSION_SECRET: SECRET },
  });

describe('npm run session', () => {
  it('prints a signed session cookie for an account of a fixture site', async () => {
    const result = run('fernwood', 'owner@fernwood.example');
    expect(result.status, result.stderr).toBe(0);
    const line = result.stdout.trim();
    expect(line).toMatch(/^site_session=/);
    const parsed = await parseSigned(line, await purposeKeyBytes(SECRET, 'session'), 'site_session');
    // the raw secret, which signed sessions before keys were derived, no longer does
    expect((await parseSigned(line, SECRET, 'site_session')).site_session).toBe(false);
    const payload = decodeSession(parsed.site_session as string)!;
    expect(payload.a).toBe('acct-owner');
    expect(payload.w).toBe('site-fernwood');
    expect(payload.e).toBeGreaterThan(Date.now());
  });

  it.each([
    ['an unknown account', ['fernwood', 'nobody@fernwood.example'], 'has no account'],
    ['an unknown site', ['atlantis', 'owner@atlantis.example'], 'no snapshot'],
    ['missing arguments', ['fernwood'], 'usage'],
  ])('fails clearly for %s', (_name, args, message) => {
    const result = run(...args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});
