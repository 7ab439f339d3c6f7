// The Worker's entry: one Hono app with the media and site sub-apps, and one error handler.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Env } from './env.ts';
import { log } from './log.ts';
import { mediaApp } from './media.ts';
import { sharedStylesheet } from './render/styles.ts';
import { siteApp } from './site-app.tsx';

export const app = new Hono<AppEnv>();

app.route('/media', mediaApp);

// The shared stylesheet under its fingerprinted URL; any other fingerprint is an old or made-up one.
app.get('/_runtime/*', (c) => {
  const css = sharedStylesheet();
  if (new URL(c.req.url).pathname !== css.href) return c.text('Not Found', 404);
  return c.body(css.text, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
});
app.route('/', siteApp);

app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  log.error('request.failed', error, { path: new URL(c.req.url).pathname, method: c.req.method });
  return c.text('Something Went Wrong! Our system has encountered an error. We will return shortly.', 500);
});

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
