// The edge hand-off's wire protocol (§2, §4): editor and login URLs, the frame message, the editor page's state
// element and the logout dialog's text, shared by the Worker, the editor page and the site pages' key script.
import { safeFrameUrl } from '../urls.ts';

/** The editor frame's own path; the Worker also answers /config without the slash. */
export const EDITOR_PATH = '/config/';
export const LOGIN_PATH = '/login';
export const LOGOUT_API = '/api/auth/Logout';

/** The id of the <script type="application/json"> element holding the editor page's EditorView. */
export const EDITOR_STATE_ELEMENT_ID = 'editor-state';
/** The element the editor page's React tree is rendered into and hydrated on. */
export const EDITOR_ROOT_ID = 'editor-root';
/** The preview iframe's name: links with this target open inside the frame. */
export const PREVIEW_FRAME_NAME = 'site-preview';

/** Sent by a framed site page to the editor (Escape, §4 step 2): the editor toggles the frame expansion. */
export const TOGGLE_FRAME_MESSAGE = 'site-editor:toggle-frame';

export interface ToggleFrameMessage {
  type: typeof TOGGLE_FRAME_MESSAGE;
}

export function isToggleFrameMessage(data: unknown): data is ToggleFrameMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === TOGGLE_FRAME_MESSAGE;
}

/** §2: the information dialog a URL with logout=true shows. */
export const LOGOUT_SUCCESS = { title: 'Logout Successful', message: 'You have been successfully logged out.' } as const;

/** What the editor page renders from, serialised into the page for hydration. */
export interface EditorView {
  siteTitle: string;
  accountName: string;
  /** the sanitised page shown in the preview frame when the editor opened */
  frameUrl: string;
  /** the preview frame's state, from the seven_frame_expanded cookie */
  expanded: boolean;
  /** this visitor's crumb, for the logout form that works before the page's script runs */
  crumb: string;
  /** the site's navigation pages, opened in the preview frame from the editor's panel */
  pages: { title: string; url: string }[];
}

/** /config/?frameUrl={encoded path+query} (§2). */
export function editorUrl(pathAndQuery: string): string {
  return `${EDITOR_PATH}?frameUrl=${encodeURIComponent(pathAndQuery)}`;
}

/** Whether a path is the editor's (/config or anything under /config/). */
export function isEditorPath(pathname: string): boolean {
  return pathname === '/config' || pathname.startsWith('/config/');
}

/**
 * The page the editor frames: an internal path of this site (safeFrameUrl: never another site, a scheme or an
 * encoded trick) that is not the editor itself, so the editor never frames an editor. Anything else is '/'.
 */
export function editorFrameUrl(value: string | null | undefined): string {
  const safe = safeFrameUrl(value);
  const path = safe.replace(/[?#].*$/, '');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return '/';
  }
  return isEditorPath(path) || isEditorPath(decoded) ? '/' : safe;
}

/** The live site's URL of a framed page: the same path with noredirect in its query, so no editor redirect happens. */
export function liveSiteUrl(frameUrl: string): string {
  const hashAt = frameUrl.indexOf('#');
  const base = hashAt === -1 ? frameUrl : frameUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : frameUrl.slice(hashAt);
  if (/[?&]noredirect(=|&|$)/.test(base)) return frameUrl;
  return `${base}${base.includes('?') ? '&' : '?'}noredirect${hash}`;
}

/** The login page that Escape opens (§4 step 4), returning to the page it was opened from. */
export function loginUrl(returnTo: string): string {
  return `${LOGIN_PATH}?return=${encodeURIComponent(returnTo)}`;
}

/**
 * A query string without its logout=true flag (and with every other parameter exactly as written), so a reload does
 * not show the logout dialog again. '' when nothing else remains.
 */
export function withoutLogoutFlag(search: string): string {
  const rest = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !isLogoutFlag(part));
  return rest.length ? `?${rest.join('&')}` : '';
}

/** Whether a query string carries the logout flag (§2: any URL containing logout=true), read as the Worker reads it. */
export function hasLogoutFlag(search: string): boolean {
  return new URLSearchParams(search).get('logout') === 'true';
}

/** One 'key=value' part of a query (there is no '&' in it) that is the logout flag, however it is encoded. */
function isLogoutFlag(part: string): boolean {
  return new URLSearchParams(part).get('logout') === 'true';
}

/** The seven_frame_expanded cookie's value as a state: expanded unless it says 'false' (the redirect's default). */
export function frameExpanded(cookieValue: string | null | undefined): boolean {
  return cookieValue !== 'false';
}
