// The configuration check, first behind the security headers: a Worker whose settings are refused (worker/http/config.ts)
// serves nothing. Visitors get a plain 503 page that asks them to come back (the API: its JSON 503), crawlers a
// Retry-After, and ops one `config.invalid` log line per isolate naming each setting and why; the page names no
// setting, since what is wrong with the platform's configuration is not the visitor's business.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { checkSettings } from './config.ts';
import { UNAVAILABLE_MESSAGE } from './request.ts';
import { requestUrl } from './request-url.ts';

/** What a visitor reads while the configuration is refused. */
export const CONFIG_UNAVAILABLE = {
  title: 'Temporarily unavailable',
  message: 'This site is temporarily unavailable. Please try again in a few minutes.',
} as const;

/** Seconds a browser or crawler is asked to wait: about as long as fixing a setting and deploying takes. */
export const CONFIG_RETRY_AFTER_S = 300;

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${CONFIG_UNAVAILABLE.title}</title>
<style>body{margin:0;font:1.0625rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2421;background:#fbfaf7}main{max-width:32rem;margin:18vh auto 0;padding:0 1.5rem}h1{font-size:1.5rem;font-weight:600;margin:0 0 .75rem}p{margin:0;color:#4a504d}</style>
</head>
<body>
<main>
<h1>${CONFIG_UNAVAILABLE.title}</h1>
<p>${CONFIG_UNAVAILABLE.message}</p>
</main>
</body>
</html>
`;

function refuse(c: Context<AppEnv>): Response {
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': String(CONFIG_RETRY_AFTER_S) };
  if (requestUrl(c).pathname.startsWith('/api/')) return c.json({ error: UNAVAILABLE_MESSAGE }, 503, headers);
  return c.html(PAGE, 503, headers);
}

export function configCheck(): MiddlewareHandler<AppEnv> {
  // no async layer when the configuration is served with: the settings are parsed once per isolate
  return function configCheck(c, next) {
    return checkSettings(c.env).ok ? next() : Promise.resolve(refuse(c));
  };
}
