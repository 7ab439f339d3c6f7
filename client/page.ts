// The page's one object in the browser: the state that the site-wide runtime, the islands and the popup overlay share
// on one page. It is a module of the runtime's own file (site.js, on every site page); the islands' build imports it
// from that file by URL instead of copying it (scripts/build-client.mjs), so a page holds one instance of it, whoever
// imports it first. Which state lives here and which channel to use for what: docs/blocks-and-islands.md, "Page state".
// No version: every file that reads it comes from the same build as the file that holds it.
import type { OpenDialog } from './lib/dialogs.ts';
import type { RequestError } from './lib/request.ts';

export interface RequestFlagHandlers {
  /** §6/§8: 'Session timed out -- login required' */
  loginRequired(message: string): void;
  /** §8: authorizationFail, and failures shown in the system error panel */
  systemError(error: RequestError, url: string, format: string): void;
}

/** A trace log entry waiting for the next flush (§7 Error and trace reporting). */
export interface TraceEntry {
  pageUrl: string;
  type: string;
  data: string;
}

/** Something that happens once on a page. Code that runs before or after it can wait for it. */
export interface Signal {
  /** settles once it has happened (at once if it has) */
  readonly done: Promise<void>;
  readonly happened: boolean;
  /** says it has happened; a second call does nothing */
  happen(): void;
}

function signal(): Signal {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  const s = {
    done,
    happened: false,
    happen() {
      if (s.happened) return;
      s.happened = true;
      settle();
    },
  };
  return s;
}

export const page = {
  /** The dialogs open now, the topmost last (client/lib/dialogs.ts): Escape and a click outside act on the topmost. */
  dialogStack: [] as OpenDialog[],
  /** An Escape pressed before the Escape chain arrived that nothing open took then: the chain acts on it when it comes. */
  heldEscape: undefined as KeyboardEvent | undefined,
  /**
   * §8 response flags that need the visitor's attention, for every request of the page (client/lib/request.ts):
   * reported to the console until the runtime hands them to its dialogs.
   */
  flags: {
    loginRequired: (message) => console.warn(message),
    systemError: (error, url) => console.error(`${url}: ${error.message}`),
  } as RequestFlagHandlers,
  /** trace entries waiting for the runtime's next flush (client/lib/errors.ts) */
  traces: [] as TraceEntry[],
  /** §2 'the site has initialised': the site-wide runtime has started (the booking block waits for it) */
  started: signal(),
  /** this page's view has been recorded: analytics run here (with consent where it is needed); button views follow it */
  viewRecorded: signal(),
  /** §4: the visitor has answered the cookie notice (the popup overlay, which comes after it, waits for this) */
  cookieNoticeAnswered: signal(),
};

export type Page = typeof page;
