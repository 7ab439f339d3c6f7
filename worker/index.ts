// The Worker's entry: one Hono app with the media and site sub-apps, and one error handler.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Env } from './env.ts';
import { log } from './log.ts';
import { mediaApp } from './media.ts';
import { siteApp } from './site-app.tsx';

export const app = new Hono<AppEnv>();

app.route('/media', mediaApp);
app.route('/', siteApp);

app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  log.error('request.failed', error, { path: new URL(c.req.url).pathname, method: c.req.method });
  return c.text('Something Went Wrong! Our system has encountered an error. We will return shortly.', 500);
});

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
