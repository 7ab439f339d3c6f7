// A stand-in for Cloudflare Turnstile's browser side, for browser tests (the real challenges.cloudflare.com is not
// reachable from tests). Served in place of api.js with playwright's routing, it behaves as the real script does for a
// page: implicit rendering of every `.cf-turnstile` container when it loads (data-sitekey, data-callback,
// data-response-field-name), an iframe from challenges.cloudflare.com (so the page's frame-src is exercised) and a
// hidden `cf-turnstile-response` control in the container, a token once the challenge is solved, and the
// `window.turnstile` API (render, reset, getResponse, remove, ready, execute, isExpired) taking a widget id, an
// element or a selector. Its tokens, `pass:{hostname}:{widget}-{n}`, are the ones the fake siteverify of
// test/support/outbound.ts accepts once each.
//
// The test drives it through `window.__turnstileFake` in the page: `auto` (solve 150 ms after render and after each
// reset; false keeps the challenge open), `solve(widget id, element or selector)`, and what happened: `renders`,
// `resets`, `issued` tokens.
import type { BrowserContext, Page } from 'playwright-core';
import { TURNSTILE_SCRIPT_URL } from '../../../shared/turnstile.ts';

export const CHALLENGE_FRAME_PREFIX = 'https://challenges.cloudflare.com/cdn-cgi/challenge-platform/';

/** What a test reads of the fake in the page. */
export interface TurnstileFakeState {
  renders: number;
  resets: number;
  issued: string[];
}

const API_JS = `(() => {
  const fake = (window.__turnstileFake = Object.assign({ auto: true }, window.__turnstileFake, { renders: 0, resets: 0, issued: [] }));
  const widgets = [];
  let count = 0;
  const frameUrl = (sitekey) => '${CHALLENGE_FRAME_PREFIX}h/g/turnstile/if/ov2/av0/rcv0/0/fake/' + encodeURIComponent(sitekey) + '/light/auto/normal';
  const find = (target) => {
    if (target === undefined) return widgets[widgets.length - 1];
    if (typeof target === 'string') {
      const byId = widgets.find((w) => w.id === target);
      if (byId) return byId;
      const element = document.querySelector(target);
      return widgets.find((w) => w.container === element);
    }
    return widgets.find((w) => w.container === target);
  };
  const solve = (w) => {
    if (!w || !w.container.isConnected) return;
    const token = 'pass:' + location.hostname + ':' + w.id + '-' + ++w.solved;
    w.input.value = token;
    w.container.dataset.fakeState = 'solved';
    fake.issued.push(token);
    const named = w.container.dataset.callback;
    const callback = w.params.callback || (named && window[named]);
    if (typeof callback === 'function') callback(token);
  };
  const render = (target, params = {}) => {
    const container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new Error('[Cloudflare Turnstile] Unable to find a container for ' + target + '.');
    if (widgets.some((w) => w.container === container)) {
      console.warn('[Cloudflare Turnstile] Turnstile has already been rendered in this container.');
      return undefined;
    }
    const sitekey = params.sitekey || container.dataset.sitekey;
    if (!sitekey) throw new Error('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey".');
    const id = 'cf-chl-widget-' + (++count).toString(36);
    const frame = document.createElement('iframe');
    frame.id = id;
    frame.src = frameUrl(sitekey);
    frame.title = 'Widget containing a Cloudflare security challenge';
    const flexible = (params.size || container.dataset.size) === 'flexible';
    frame.style.cssText = 'border:none;overflow:hidden;display:block;height:65px;' + (flexible ? 'width:100%;min-width:300px' : 'width:300px');
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = params['response-field-name'] || container.dataset.responseFieldName || 'cf-turnstile-response';
    input.id = id + '_response';
    container.append(frame, input);
    const w = { id, container, params, input, solved: 0 };
    widgets.push(w);
    fake.renders += 1;
    container.dataset.fakeState = 'rendered';
    if (fake.auto) setTimeout(() => solve(w), 150);
    return id;
  };
  window.turnstile = {
    render,
    ready: (callback) => callback(),
    execute: () => undefined,
    isExpired: () => false,
    getResponse: (target) => find(target)?.input.value,
    reset: (target) => {
      const w = find(target);
      if (!w) return console.warn('[Cloudflare Turnstile] Nothing to reset found for provided container');
      fake.resets += 1;
      w.input.value = '';
      w.container.dataset.fakeState = 'reset';
      if (fake.auto) setTimeout(() => solve(w), 150);
    },
    remove: (target) => {
      const w = find(target);
      if (!w) return;
      w.container.replaceChildren();
      widgets.splice(widgets.indexOf(w), 1);
    },
  };
  fake.solve = (target) => solve(find(target));
  const implicit = () => {
    for (const element of document.querySelectorAll('.cf-turnstile')) if (!widgets.some((w) => w.container === element)) render(element);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', implicit);
  else implicit();
})();`;

/** The challenge frame: what the real one shows once the check has passed. */
const FRAME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cloudflare security challenge</title>
<style>body{margin:0;font:14px/1.2 system-ui,sans-serif}
.w{box-sizing:border-box;height:65px;display:flex;align-items:center;justify-content:space-between;gap:12px;padding:0 12px;
border:1px solid #e0e0e0;background:#fafafa;color:#232323}.ok{display:flex;align-items:center;gap:8px}
.tick{width:24px;height:24px;border-radius:50%;background:#0b8043;color:#fff;display:grid;place-items:center;font-weight:700}
.brand{font-size:10px;color:#555;text-align:right}</style></head>
<body><div class="w"><span class="ok"><span class="tick">✓</span>Success!</span><span class="brand">CLOUDFLARE<br>Privacy · Terms</span></div></body></html>`;

/** Serves the fake Turnstile script and challenge frame to every page of the context, and counts script loads. */
export async function fakeTurnstile(context: BrowserContext, options: { auto?: boolean } = {}): Promise<{ scriptLoads: () => number }> {
  let loads = 0;
  if (options.auto === false)
    await context.addInitScript(() => ((window as { __turnstileFake?: object }).__turnstileFake = { auto: false }));
  await context.route(TURNSTILE_SCRIPT_URL, (route) => {
    loads += 1;
    return route.fulfill({ contentType: 'text/javascript', body: API_JS });
  });
  await context.route(`${CHALLENGE_FRAME_PREFIX}**`, (route) => route.fulfill({ contentType: 'text/html', body: FRAME_HTML }));
  return { scriptLoads: () => loads };
}

/** The fake's record in the page. */
export const turnstileState = (page: Page): Promise<TurnstileFakeState> =>
  page.evaluate(() => {
    const fake = (window as { __turnstileFake?: TurnstileFakeState }).__turnstileFake;
    return { renders: fake?.renders ?? 0, resets: fake?.resets ?? 0, issued: [...(fake?.issued ?? [])] };
  });
