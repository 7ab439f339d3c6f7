// The editor frame's UI (§2 /config/, §4 preview frame): a toolbar and the live site in an iframe. Rendered by the
// Worker and hydrated by client/editor/, so it is a pure function of its props: the client owns the state and passes
// the handlers, and the server render (no handlers) still works without scripts (the logout form posts by itself).
import type { FormEvent, Ref } from 'react';
import { LOGOUT_API, PREVIEW_FRAME_NAME, liveSiteUrl, type EditorView } from './protocol.ts';
import { FIGURES_CSS, SiteFigures, type SiteFiguresData } from './site-figures.tsx';

export interface EditorFrameProps {
  view: EditorView;
  /** the preview frame's state; the panel is hidden while it is expanded */
  expanded: boolean;
  /** the page the preview frame shows now (it starts at view.frameUrl and follows the visitor's clicks) */
  currentUrl: string;
  /** the client has hydrated and listens (the toggle needs a script; the logout form works without one) */
  interactive?: boolean;
  /** a logout is under way */
  busy?: boolean;
  /** the last failure to report (§8 messages) */
  error?: string | null;
  /** the site's figures of the last 30 days, once the client has them (the server draws the waiting state) */
  figures?: SiteFiguresData | null;
  /** why the figures could not be read */
  figuresError?: string | null;
  frameRef?: Ref<HTMLIFrameElement>;
  onToggle?: () => void;
  onLogout?: (event: FormEvent<HTMLFormElement>) => void;
  onFrameLoad?: () => void;
}

export const EDITOR_STYLE_HREF = 'site-editor-frame';

/** The editor's own look: product chrome around the site, independent of the site's design variables. */
export const EDITOR_CSS =
  `
.editor{position:fixed;inset:0;display:flex;flex-direction:column;background:#e9e7e2;color:#1d1f1e;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.editor :focus-visible{outline:3px solid #7fb4ff;outline-offset:2px}
.editor-toolbar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;padding:8px 16px;background:#1d1f1e;color:#fff}
.editor-site{margin:0;display:flex;gap:.6em;align-items:baseline;min-width:0}
.editor-site strong{font-size:15px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.editor-label{font-size:11px;font-weight:600;text-transform:uppercase;letter-spacing:.08em;opacity:.75}
.editor-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.editor-actions form{margin:0}
.editor-button{display:inline-flex;align-items:center;min-height:32px;padding:4px 12px;border:1px solid rgba(255,255,255,.5);border-radius:4px;background:transparent;color:#fff;font:inherit;text-decoration:none;cursor:pointer}
.editor-button:hover{background:rgba(255,255,255,.14)}
.editor-button[aria-pressed=true]{background:#fff;color:#1d1f1e}
.editor-button:disabled{opacity:.6;cursor:progress}
.editor-error{flex-basis:100%;margin:0;color:#ffd2c8}
.editor-error:empty{display:none}
.editor-body{flex:1;display:flex;min-height:0}
.editor-side{flex:0 0 240px;overflow:auto;padding:16px;background:#fff;border-right:1px solid #d6d3cc}
.editor-side[hidden],.editor-panel[hidden]{display:none}
.editor-side h2{font-family:inherit;font-size:11px;font-weight:600;text-transform:uppercase;letter-spacing:.08em;margin:0 0 8px;color:#5b615e}
.editor-panel ul{list-style:none;margin:0 0 16px;padding:0}
.editor-panel a{display:block;padding:6px 8px;border-radius:4px;color:#1d1f1e;text-decoration:none}
.editor-panel a:hover{background:#f0eee9}
.editor-panel a[aria-current=page]{background:#1d1f1e;color:#fff}
.editor-panel p{margin:0 0 8px;color:#5b615e;font-size:13px}
.editor-preview{flex:1;min-width:0;display:flex;padding:16px}
.editor[data-expanded=true] .editor-preview{padding:0}
.editor-preview iframe{flex:1;width:100%;height:100%;border:0;background:#fff;border-radius:6px;box-shadow:0 12px 40px -22px rgba(0,0,0,.5)}
.editor[data-expanded=true] .editor-preview iframe{border-radius:0;box-shadow:none}
.editor .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (prefers-reduced-motion:no-preference){.editor-preview{transition:padding .3s}}
@media (max-width:640px){.editor-body{flex-direction:column}.editor-side{flex:0 0 auto;max-height:35vh;border-right:0;border-bottom:1px solid #d6d3cc}.editor-preview{padding:8px}}
`.replace(/\n/g, '') + FIGURES_CSS;

export function EditorFrame({
  view,
  expanded,
  currentUrl,
  interactive = false,
  busy = false,
  error = null,
  frameRef,
  onToggle,
  onLogout,
  onFrameLoad,
  figures = null,
  figuresError = null,
}: EditorFrameProps) {
  const currentPath = currentUrl.replace(/[?#].*$/, '');
  return (
    <div className="editor" data-expanded={expanded ? 'true' : 'false'}>
      {/* React 19 hoists this into <head> (server and client alike) */}
      <style href={EDITOR_STYLE_HREF} precedence="default">
        {EDITOR_CSS}
      </style>
      <header className="editor-toolbar">
        <p className="editor-site">
          <span className="editor-label">Editing</span> <strong>{view.siteTitle}</strong>
        </p>
        <div className="editor-actions">
          <button
            type="button"
            className="editor-button"
            aria-pressed={expanded}
            aria-controls="editor-panel"
            disabled={!interactive}
            onClick={onToggle}
          >
            Expand preview
          </button>
          <a className="editor-button" href={liveSiteUrl(currentUrl)} target="_blank" rel="noopener">
            View live site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <form method="post" action={LOGOUT_API} onSubmit={onLogout}>
            <input type="hidden" name="crumb" value={view.crumb} />
            <input type="hidden" name="frameUrl" value={currentUrl} />
            <button type="submit" className="editor-button" disabled={busy}>
              Log out
            </button>
          </form>
        </div>
        <p className="editor-error" role="alert">
          {error ?? ''}
        </p>
      </header>
      <div className="editor-body">
        <div className="editor-side" hidden={expanded}>
          <SiteFigures figures={figures} error={figuresError} />
          <nav id="editor-panel" className="editor-panel" aria-label="Site pages" hidden={expanded}>
            <h2>Pages</h2>
            <ul>
              {view.pages.map((page) => (
                <li key={page.url}>
                  <a href={page.url} target={PREVIEW_FRAME_NAME} aria-current={page.url === currentPath ? 'page' : undefined}>
                    {page.title}
                  </a>
                </li>
              ))}
            </ul>
            <p>Logged in as {view.accountName}.</p>
            <p>Esc expands or collapses the preview; Shift+Esc logs out.</p>
          </nav>
        </div>
        <main className="editor-preview">
          <iframe
            ref={frameRef}
            name={PREVIEW_FRAME_NAME}
            title={`${view.siteTitle}: site preview`}
            src={view.frameUrl}
            onLoad={onFrameLoad}
          />
        </main>
      </div>
    </div>
  );
}
