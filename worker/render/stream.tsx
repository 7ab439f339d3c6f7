// The streamed render, for the few pages with a part that waits (a remote feed) or fails: the shell and every ready
// part first, each waiting part in its place when it arrives, under a time limit; onError logs each failure once, as
// what it turned out to be (a section that keeps its fallback, or the shell).
import { renderToReadableStream } from 'react-dom/server';
import type { PageDefinition } from '../pages/types.ts';
import type { RenderState } from '../kit/context.tsx';
import { Document } from './document.tsx';
import { streamWithIslandsTail } from '../kit/island.tsx';
import type { RenderOptions } from './one-pass.tsx';

export async function renderStream(
  state: RenderState,
  options: RenderOptions,
  definition: PageDefinition,
): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`render exceeded ${options.timeoutMs} ms`)), options.timeoutMs);
  // React reports every error through onError, including the one that fails the shell (which also rejects the
  // promise). Errors are held until the shell settles so that each is logged once, as what it turned out to be.
  let shellDone = false;
  const early: { error: unknown; stack: string | undefined }[] = [];
  const logSection = (error: unknown, componentStack: string | undefined) => {
    state.failures.count++;
    state.log.error('render.section_failed', error, {
      site: state.site.website.identifier,
      path: state.url.pathname,
      pageType: state.route.pageType,
      componentStack: componentStack?.split('\n').slice(0, 6).join('\n'),
    });
  };
  // a one-pass attempt may have drawn islands already: this render records its own
  state.islands.length = 0;
  state.placement.layoutDrawn = false;
  try {
    const stream = await renderToReadableStream(<Document definition={definition} state={state} />, {
      signal: controller.signal,
      nonce: state.nonce,
      onError(error, info) {
        if (shellDone) logSection(error, info?.componentStack);
        else early.push({ error, stack: info?.componentStack });
      },
    });
    shellDone = true;
    for (const e of early) logSection(e.error, e.stack);
    stream.allReady.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    return Object.assign(streamWithIslandsTail(stream, state), { allReady: stream.allReady });
  } catch (error) {
    clearTimeout(timer);
    for (const e of early) if (e.error !== error) logSection(e.error, e.stack);
    throw error;
  }
}
