// Test support: a crumb, and a logged-in session obtained the way a browser gets one (POST /api/auth/Login).
import { visit } from './sites.ts';

export const CRUMB = 'testcrumb0123456789abcd';
export const OWNER_PASSWORD = 'correct-horse-battery';

/** The session cookie ("site_session=…") of a successful login. */
export async function login(host: string, email: string, password = OWNER_PASSWORD, address = '203.0.113.7'): Promise<string> {
  const res = await visit(host, '/api/auth/Login', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Cookie: `crumb=${CRUMB}`,
      'X-CSRF-Token': CRUMB,
      'CF-Connecting-IP': address,
    },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith('site_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return cookie.split(';')[0]!.trim();
}
