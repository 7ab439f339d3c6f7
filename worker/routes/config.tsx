// The editor frame at /config/ (§2, §4): for an account with permissions on the site, a React page that wraps the
// live site (frameUrl) in an iframe; for anyone else, the login page, returning here.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { FRAME_EXPANDED_COOKIE } from '../../shared/cookies.ts';
import { EditorFrame } from '../../shared/editor/editor-frame.tsx';
import {
  EDITOR_ROOT_ID,
  EDITOR_STATE_ELEMENT_ID,
  editorFrameUrl,
  editorUrl,
  frameExpanded,
  loginUrl,
  type EditorView,
} from '../../shared/editor/protocol.ts';
import { encodeForScript } from '../../shared/page-context.ts';
import type { NavigationItem } from '../../shared/snapshot/schema.ts';
import { clientScriptUrl } from '../kit/client-assets.ts';
import type { AppEnv } from '../env.ts';
import type { PageDefinition } from '../pages/types.ts';
import { useRender } from '../kit/context.tsx';
import { contentSecurityPolicy } from '../render/policy.ts';
import type { SiteModel } from '../site/model.ts';
import { sendPage } from '../render/send.ts';
import { PageHeaders } from '../render/page-headers.ts';
import { renderState } from '../render/state.ts';
import { requireSite } from '../middleware/site.ts';

/**
 * The editor page's policy: the strict nonce policy whatever the site's owner code (the editor never runs it), framing
 * only this site, and framed by nobody (so the editor cannot be framed, not even inside its own preview).
 */
export function editorPolicy(nonce: string): string {
  const override: Record<string, string> = { 'frame-src': "'self'", 'frame-ancestors': "'none'" };
  return contentSecurityPolicy(nonce, false)
    .split('; ')
    .map((directive) => {
      const name = directive.split(' ', 1)[0]!;
      return name in override ? `${name} ${override[name]}` : directive;
    })
    .join('; ');
}

/** The pages of the site's navigation, in order, for the editor's panel. */
function navigationPages(site: SiteModel): EditorView['pages'] {
  const pages: EditorView['pages'] = [];
  const seen = new Set<string>();
  const walk = (items: NavigationItem[]) => {
    for (const item of items) {
      if (item.kind === 'folder') walk(item.items);
      if (item.kind !== 'page') continue;
      const entry = site.byId.get(item.id);
      if (!entry) continue;
      const url = site.entryUrl(entry);
      if (seen.has(url)) continue;
      seen.add(url);
      const target = entry.kind === 'page' ? entry.page : entry.collection;
      pages.push({ title: item.title ?? target.navigationTitle ?? target.title, url });
    }
  };
  walk(site.navigation('mainNavigation'));
  walk(site.navigation('footerNavigation'));
  return pages;
}

/**
 * The editor's document. The chrome is 'email' because that is the document's one layout with no site chrome and no
 * code injection: the owner's scripts and markup have no place in the editor around their site.
 */
function editorPage(view: EditorView): PageDefinition {
  // biome-ignore lint/correctness/noComponentHookFactories: drawn once, on the server, for the one view it closes over
  function EditorBody() {
    const { nonce } = useRender();
    return (
      <>
        <script
          type="application/json"
          id={EDITOR_STATE_ELEMENT_ID}
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element by encodeForScript
          dangerouslySetInnerHTML={{ __html: encodeForScript(view) }}
        />
        <div id={EDITOR_ROOT_ID}>
          <EditorFrame view={view} expanded={view.expanded} currentUrl={view.frameUrl} />
        </div>
      </>
    );
  }
  return { Body: EditorBody, chrome: 'email', title: () => 'Editor', indexable: false };
}

async function editor(c: Context<AppEnv>): Promise<Response> {
  const site = c.get('site');
  const frameUrl = editorFrameUrl(c.req.query('frameUrl'));
  const session = c.get('session');
  // §2: /config for anyone without permissions on the site goes to the login page, which returns here
  if (!session?.isEditor) {
    c.header('Cache-Control', 'private, no-store');
    return c.redirect(loginUrl(editorUrl(frameUrl)), 302);
  }
  const view: EditorView = {
    siteTitle: site.website.title,
    accountName: session.account.displayName,
    frameUrl,
    expanded: frameExpanded(getCookie(c, FRAME_EXPANDED_COOKIE)),
    crumb: c.get('crumb'),
    pages: navigationPages(site),
  };
  const state = { ...renderState(c, site, { pageType: 'PAGE', status: 200 }), scripts: [clientScriptUrl('editor')] };
  const res = await sendPage(c, state, new PageHeaders({ 'Cache-Control': 'private, no-store' }), editorPage(view));
  res.headers.set('Content-Security-Policy', editorPolicy(state.nonce));
  res.headers.set('X-Frame-Options', 'DENY');
  return res;
}

export const editorApp = new Hono<AppEnv>();

editorApp.get('/config', requireSite(), editor);
editorApp.get('/config/', requireSite(), editor);
