// The editor page's state on the client (§2, §4): the preview frame's expansion (remembered in seven_frame_expanded,
// toggled by the button, by Escape here and by the framed page's message), the page the frame shows, and logout.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FRAME_EXPANDED_COOKIE } from '../../shared/cookies.ts';
import { EditorFrame } from '../../shared/editor/editor-frame.tsx';
import { editorFrameUrl, editorUrl, isToggleFrameMessage, type EditorView } from '../../shared/editor/protocol.ts';
import type { SiteFiguresData } from '../../shared/editor/site-figures.tsx';
import { writeCookie } from '../lib/cookies.ts';
import { logout } from '../lib/logout.ts';
import { request } from '../lib/request.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The figures are read again this often while the editor is open. */
const FIGURES_REFRESH_MS = 60_000;

/** The path and query the preview frame shows, when it shows a page of this site. */
function framedUrl(frame: HTMLIFrameElement | null): string | null {
  try {
    const where = frame?.contentWindow?.location;
    if (!where || where.origin !== location.origin || !where.protocol.startsWith('http')) return null;
    return where.pathname + where.search;
  } catch {
    return null; // not readable: not a page of this site
  }
}

export function EditorApp({ view }: { view: EditorView }) {
  const [expanded, setExpanded] = useState(view.expanded);
  const [currentUrl, setCurrentUrl] = useState(view.frameUrl);
  const [interactive, setInteractive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [figures, setFigures] = useState<SiteFiguresData | null>(null);
  const [figuresError, setFiguresError] = useState<string | null>(null);

  // the owner's figures of the last 30 days, from the Summary endpoint, kept fresh while the editor is open
  useEffect(() => {
    let live = true;
    const read = () =>
      request<SiteFiguresData>('/api/census/Summary', { retries: 1 }).then(
        (answer) => {
          if (!live) return;
          setFigures(answer);
          setFiguresError(null);
        },
        (failure: unknown) => live && setFiguresError(failure instanceof Error ? failure.message : String(failure)),
      );
    void read();
    const timer = setInterval(() => void read(), FIGURES_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  const toggle = useCallback(() => setExpanded((value) => !value), []);

  useEffect(() => {
    writeCookie(FRAME_EXPANDED_COOKIE, String(expanded), { maxAgeSeconds: YEAR_SECONDS });
  }, [expanded]);

  /** Follows the frame: the live link, the panel's current page, and the address bar (a reload reopens this page). */
  const followFrame = useCallback(() => {
    const url = framedUrl(frame.current);
    if (!url) return;
    const shown = editorFrameUrl(url);
    setCurrentUrl(shown);
    history.replaceState(history.state, '', editorUrl(shown));
  }, []);

  const startLogout = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      // §2: logout returns to the page the preview frame shows now
      await logout(request, framedUrl(frame.current) ?? view.frameUrl);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, [view.frameUrl]);

  useEffect(() => {
    // the frame may have loaded before hydration attached its load handler
    if (frame.current?.contentDocument?.readyState === 'complete') followFrame();
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow || !isToggleFrameMessage(event.data)) return;
      toggle();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      if (event.shiftKey) void startLogout();
      else toggle();
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('keydown', onKeyDown);
    setInteractive(true);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [followFrame, startLogout, toggle]);

  const onLogout = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void startLogout();
  };

  return (
    <EditorFrame
      view={view}
      expanded={expanded}
      currentUrl={currentUrl}
      interactive={interactive}
      busy={busy}
      error={error}
      frameRef={frame}
      onToggle={toggle}
      onLogout={onLogout}
      onFrameLoad={followFrame}
      figures={figures}
      figuresError={figuresError}
    />
  );
}
