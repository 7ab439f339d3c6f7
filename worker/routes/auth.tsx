// Login and logout for owners and editors (§2, §4, §6): POST /api/auth/Login, POST /api/auth/Logout and the /login page.
import { Hono, type Context } from 'hono';
import type { Account } from '../../shared/snapshot/schema.ts';
import { safeFrameUrl, safeReturnPath } from '../../shared/urls.ts';
import { readFields, throttleAddress } from '../http/request.ts';
import { endpoint } from '../api/endpoint.ts';
import { throttleOf } from '../durable/sliding-window-throttle.ts';
import type { AppEnv } from '../env.ts';
import { logOf } from '../log.ts';
import { editorUrl } from '../../shared/editor/protocol.ts';
import { useRender } from '../kit/context.tsx';
import { accountKey } from '../http/address-key.ts';
import { derivePbkdf2, verifyPassword } from '../security/password.ts';
import { endSession, hasPermissions, startSession } from '../security/session.ts';
import type { SiteModel } from '../site/model.ts';
import type { PageDefinition } from '../pages/types.ts';
import { sendPage } from '../render/send.ts';
import { PageHeaders } from '../render/page-headers.ts';
import { renderState } from '../render/state.ts';
import { requireSite } from '../middleware/site.ts';

/** At most this many failed logins per account, and per client address, on a site in the window. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 } as const;
export const LOGIN_FAILED_MESSAGE = 'Your email or password was incorrect.';
export const LOGIN_THROTTLED_MESSAGE = 'Too many failed login attempts. Please try again later.';
/** A login or logout body: an e-mail, a password and a return path, or a frame URL. */
const LOGIN_BODY_LIMIT = 8 * 1024;

const wantsJson = (c: Context<AppEnv>) => (c.req.header('Accept') ?? '').includes('application/json');

/** Where a login lands: the internal path asked for (safeReturnPath), else the editor for editors and the home page. */
function landing(account: Account, requested: string | undefined): string {
  return safeReturnPath(requested) ?? (hasPermissions(account) ? editorUrl('/') : '/');
}

/** The account's and the address's failure counters; the account is counted under the key it is looked up by. */
function throttles(c: Context<AppEnv>, site: SiteModel, key: string) {
  return [
    { stub: throttleOf(c.env, 'login-account', site.website.id, key), limit: LOGIN_LIMITS.perAccount },
    { stub: throttleOf(c.env, 'login-address', site.website.id, throttleAddress(c)), limit: LOGIN_LIMITS.perAddress },
  ];
}

// A fixed hash to verify against when the e-mail matches no account, so both answers take the same time.
const DECOY = derivePbkdf2('decoy', new Uint8Array(16), 100_000, 32).then((hash) => ({
  algorithm: 'PBKDF2-SHA256' as const,
  iterations: 100_000,
  salt: btoa('\0'.repeat(16)),
  hash: btoa(String.fromCharCode(...hash)),
}));

export const authApp = new Hono<AppEnv>();

endpoint(authApp, '/api/auth/Login', {
  bodyLimit: LOGIN_BODY_LIMIT,
  async POST(c) {
    const site = c.get('site');
    const { email = '', password = '', return: requested } = await readFields(c);
    if (!email || !password) {
      return failLogin(c, site, 400, 'Enter your email and password.', email, requested);
    }
    // One key for the account, used alike to count its failures and to look it up: a padded or capitalised e-mail is
    // the same account, never a fresh budget of guesses.
    const key = accountKey(email);
    // Every attempt is counted before the password is looked at, in one step per counter, so a burst of parallel
    // guesses cannot all pass a check made before any of them is counted; a refused or successful attempt is given back.
    const limits = throttles(c, site, key);
    const taken = await Promise.all(limits.map((t) => t.stub.take(t.limit, LOGIN_LIMITS.windowMs)));
    const refused = taken.find((v) => !v.allowed);
    if (refused) {
      await Promise.all(limits.map((t, i) => (taken[i]!.allowed ? t.stub.forget(taken[i]!.at) : undefined)));
      logOf(c).warn('login.throttled', { site: site.website.identifier, retryAfter: refused.retryAfterSeconds });
      return failLogin(c, site, 429, LOGIN_THROTTLED_MESSAGE, email, requested, { 'Retry-After': String(refused.retryAfterSeconds) });
    }
    const account = site.snapshot.accounts.find((a) => accountKey(a.email) === key);
    const ok = await verifyPassword(password, account?.password ?? (await DECOY));
    // (SESSION_SECRET is always set here: the configuration check refuses to serve without it)
    if (!account || !ok) return failLogin(c, site, 401, LOGIN_FAILED_MESSAGE, email, requested);
    // a success clears the account's failures and does not count against the address
    await Promise.all([limits[0]!.stub.reset(), limits[1]!.stub.forget(taken[1]!.at)]);
    await startSession(c, site, account);
    const target = landing(account, requested);
    c.header('Cache-Control', 'private, no-store');
    return wantsJson(c) ? c.json({ success: true, redirect: target }) : c.redirect(target, 303);
  },
});

endpoint(authApp, '/api/auth/Logout', {
  bodyLimit: LOGIN_BODY_LIMIT,
  async POST(c) {
    const site = c.get('site');
    // §7: no payload; a frameUrl may come in the body or the query. A body that cannot be read is 400 before anything.
    const { frameUrl } = await readFields(c);
    const session = c.get('session');
    // §4: logout applies only when an account is authenticated
    if (!session) return c.json({ error: 'Unauthorized request' }, 401);
    endSession(c, site);
    const base = safeFrameUrl(frameUrl ?? c.req.query('frameUrl'));
    const target = `${base}${base.includes('?') ? '&' : '?'}logout=true`;
    c.header('Cache-Control', 'private, no-store');
    return wantsJson(c) ? c.json({ success: true, redirect: target }) : c.redirect(target, 303);
  },
});

/** A failed login: JSON for scripts, the login page again (with the error) for the form. */
async function failLogin(
  c: Context<AppEnv>,
  site: SiteModel,
  status: 400 | 401 | 429,
  message: string,
  email: string,
  requested?: string,
  extra: Record<string, string> = {},
) {
  const headers = { 'Cache-Control': 'private, no-store', ...extra };
  if (wantsJson(c)) return c.json({ error: message }, status, headers);
  const returnTo = safeReturnPath(requested) ?? undefined;
  return sendPage(c, loginState(c, site, { error: message, email, returnTo, status }), new PageHeaders(headers), LOGIN_PAGE);
}

interface LoginView {
  error?: string | undefined;
  email?: string | undefined;
  returnTo?: string | undefined;
  status: number;
}

const views = new WeakMap<object, LoginView>();

function loginState(c: Context<AppEnv>, site: SiteModel, view: LoginView) {
  const state = renderState(c, site, { pageType: 'PAGE', status: view.status, surface: 'login' });
  views.set(state.route, view);
  return state;
}

function LoginBody() {
  const { route, crumb, site } = useRender();
  const view = views.get(route) ?? { status: 200 };
  return (
    <>
      <h1>Log In</h1>
      <p>Log in with the account that manages {site.website.title}.</p>
      <form className="lock-form" method="post" action="/api/auth/Login">
        <input type="hidden" name="crumb" value={crumb} />
        {view.returnTo && <input type="hidden" name="return" value={view.returnTo} />}
        <label htmlFor="login-email">Email</label>
        <input id="login-email" type="email" name="email" required autoComplete="username" defaultValue={view.email} />
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          type="password"
          name="password"
          required
          autoComplete="current-password"
          aria-invalid={view.error ? true : undefined}
          aria-describedby={view.error ? 'login-error' : undefined}
        />
        {view.error && (
          <p className="form-error" id="login-error" role="alert">
            {view.error}
          </p>
        )}
        <button className="button" type="submit">
          Log In
        </button>
      </form>
    </>
  );
}

/** The login page: account creation is disabled here (§4: Escape opens login without it). */
export const LOGIN_PAGE: PageDefinition = { Body: LoginBody, chrome: 'minimal', title: () => 'Log In', indexable: false };

authApp.get('/login', requireSite(), async (c) => {
  // the page carries only a return path that is safe to follow (the same test as the redirect after the login)
  const returnTo = safeReturnPath(c.req.query('return')) ?? undefined;
  return sendPage(
    c,
    loginState(c, c.get('site'), { returnTo, status: 200 }),
    new PageHeaders({ 'Cache-Control': 'private, no-store' }),
    LOGIN_PAGE,
  );
});
