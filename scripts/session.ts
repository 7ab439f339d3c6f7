// npm run session -- <site identifier> <account e-mail> [--file snapshot.json]: prints a valid session cookie for
// local testing, signed with SESSION_SECRET (from the environment, else .dev.vars) as the Worker signs it: with the
// session key derived from it (worker/security/keys.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serializeSigned } from 'hono/utils/cookie';
import { encodeSession, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../shared/cookies.ts';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';
import { purposeKeyBytes } from '../worker/security/keys.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { file: { type: 'string' } } });
if (positionals.length !== 2) {
  console.error('usage: npm run session -- <site identifier> <account e-mail> [--file snapshot.json]');
  process.exit(2);
}
const [identifier, email] = positionals as [string, string];

function devSecret(): string | undefined {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (!existsSync('.dev.vars')) return undefined;
  const line = readFileSync('.dev.vars', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('SESSION_SECRET='));
  return line?.slice('SESSION_SECRET='.length).trim().replace(/^"|"$/g, '');
}

const file = values.file ?? join('fixtures', 'sites', `${identifier}.json`);
if (!existsSync(file)) {
  console.error(`no snapshot for '${identifier}' at ${file} (pass --file)`);
  process.exit(1);
}
const result = validateSnapshot(JSON.parse(readFileSync(file, 'utf8')));
if (!result.ok) {
  console.error(`${file} is not a valid snapshot:\n  ${result.violations.map(formatViolation).join('\n  ')}`);
  process.exit(1);
}
const { snapshot } = result;
if (snapshot.website.identifier !== identifier) {
  console.error(`${file} is the site '${snapshot.website.identifier}', not '${identifier}'`);
  process.exit(1);
}
const account = snapshot.accounts.find((a) => a.email.toLowerCase() === email.toLowerCase());
if (!account) {
  console.error(`'${identifier}' has no account ${email}; accounts: ${snapshot.accounts.map((a) => a.email).join(', ')}`);
  process.exit(1);
}
const secret = devSecret();
if (!secret) {
  console.error('SESSION_SECRET is not set and .dev.vars has none');
  process.exit(1);
}
const value = encodeSession({ a: account.id, w: snapshot.website.id, e: Date.now() + SESSION_TTL_SECONDS * 1000 });
const cookie = await serializeSigned(SESSION_COOKIE, value, await purposeKeyBytes(secret, 'session'), {
  path: '/',
  httpOnly: true,
  sameSite: 'Lax',
  maxAge: SESSION_TTL_SECONDS,
});
console.log(cookie.split(';')[0]);
