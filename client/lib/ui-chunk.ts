// The dialogs and the Escape chain (client/lib/ui.ts), loaded once per page, by whoever first needs them: the site-wide
// runtime, an island (the booking block's alert) or the popup overlay (the dialog stack). Every dialog of the page is
// then on the page's one stack (client/page.ts).
import { page } from '../page.ts';
import { readPageContext } from './page-context.ts';
import { request } from './request.ts';

export type UiChunk = typeof import('./ui.ts');

let chunk: Promise<UiChunk> | undefined;

/** The dialogs chunk, put to work on this page the first time it arrives. */
export function uiChunk(): Promise<UiChunk> {
  chunk ??= import('./ui.ts').then((m) => {
    m.attach({ stack: page.dialogStack, context: readPageContext(), heldEscape: page.heldEscape, request });
    return m;
  });
  return chunk;
}
