// The server half of the island protocol (shared/islands/protocol.ts): <Island> renders an island's view inside its
// root element and records its props; islandsTail() is what a page that rendered any island carries before </body>.
import type { ReactNode } from 'react';
import {
  encodeIslands,
  ISLAND_ID_ATTR,
  ISLAND_NAME_ATTR,
  ISLAND_TAG,
  ISLAND_WHEN_ATTR,
  ISLANDS_ELEMENT_ID,
  type IslandRef,
  type IslandsPayload,
  type When,
} from '../../shared/islands/protocol.ts';
import { clientScriptUrl, islandChunk } from './client-assets.ts';
import { useRender, type RenderState } from './context.tsx';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** ISLAND_TAG */
      'site-island': { children?: ReactNode; [attribute: `data-${string}`]: string | number | undefined };
    }
  }
}

export interface IslandProps<P> {
  island: IslandRef<P>;
  /**
   * Serialisable props, and only what the page-cache key holds (the snapshot version, the URL, the visibility epoch):
   * a cached page is shared by every visitor. Anything per visitor is fetched by the island after it hydrates.
   */
  props: P;
  /**
   * when the island comes to life (`When`): a React island hydrates at the visitor's first touch and `when` says when
   * its code is fetched ahead of it (`load` only for one that moves on its own: a gallery that plays by itself, after
   * the load event). Its chunks are never preloaded from the head, even above the fold: on a phone's network a
   * modulepreload of an island and React (about 90 KiB) took bandwidth from the stylesheet and moved the first paint
   * from 1.0 to 2.0 s in Lighthouse; the loader preloads them once the page has loaded.
   */
  when: When;
}

/** One island: its view rendered from its props inside `<site-island>`, its props recorded for the page's tail. */
export function Island<P extends object>({ island, props, when }: IslandProps<P>) {
  const state = useRender();
  const chunk = islandChunk(island.name);
  // a view whose island was never built would stay dead in the browser: fail the render, loudly, in every test
  if (!chunk) throw new Error(`no island chunk named '${island.name}' in the client build`);
  const id = state.islands.push({ name: island.name, props }) - 1;
  const { View } = island;
  return (
    <ISLAND_TAG {...{ [ISLAND_NAME_ATTR]: island.name, [ISLAND_WHEN_ATTR]: when, [ISLAND_ID_ATTR]: id }}>
      <View {...props} />
    </ISLAND_TAG>
  );
}

/**
 * What a page that rendered islands carries before </body>: every island's props once, in one JSON script escaped
 * like the page context, the chunk of each island name, and the loader with this response's nonce. Nothing at all
 * for a page without islands.
 */
export function islandsTail(state: RenderState): string {
  if (state.islands.length === 0) return '';
  const payload: IslandsPayload = { chunks: {}, imports: {}, react: [], props: [] };
  // what the page has loaded already when the loader runs: the runtime's file, the loader's, what they import
  const loaded = new Set([clientScriptUrl('site'), clientScriptUrl('loader')]);
  for (const { name, props } of state.islands) {
    const chunk = islandChunk(name)!;
    if (!Object.hasOwn(payload.chunks, name)) {
      payload.chunks[name] = chunk.src;
      payload.imports[name] = chunk.imports.filter((url) => !loaded.has(url));
      if (chunk.react) payload.react.push(name);
    }
    payload.props.push(props);
  }
  return (
    `<script type="application/json" id="${ISLANDS_ELEMENT_ID}">${encodeIslands(payload)}</script>` +
    `<script type="module" src="${clientScriptUrl('loader')}" nonce="${state.nonce}" async=""></script>`
  );
}

const POSTAMBLE = '</body></html>';

/**
 * A whole document with the islands' tail before its closing tags. Given a flat string (renderInOnePass reads React's
 * rope before it calls this), the splice makes a rope of three flat pieces, and copies nothing.
 */
export function withIslandsTail(html: string, state: RenderState): string {
  const tail = islandsTail(state);
  if (!tail) return html;
  const at = html.endsWith(POSTAMBLE) ? html.length - POSTAMBLE.length : html.length;
  return html.slice(0, at) + tail + html.slice(at);
}

/**
 * The same for a streamed document. React sends the closing tags last, on their own, once every boundary has settled
 * (so every island has been recorded): that chunk is held back and the tail goes in front of it. Everything else
 * passes through as it comes. The wrapper reads React's stream only when it is read itself (no read-ahead): a
 * response that waits for allReady before anyone reads it still gets the whole document in place.
 */
export function streamWithIslandsTail(stream: ReadableStream<Uint8Array>, state: RenderState): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let closing: Uint8Array | undefined;
  return new ReadableStream<Uint8Array>(
    {
      // one chunk out per pull (a pull that enqueued nothing would not be asked again)
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            const tail = islandsTail(state);
            if (tail) controller.enqueue(new TextEncoder().encode(tail));
            if (closing) controller.enqueue(closing);
            controller.close();
            return;
          }
          const held = closing;
          closing = undefined;
          if (held) controller.enqueue(held);
          if (value.byteLength <= 64 && decoder.decode(value).endsWith(POSTAMBLE)) {
            closing = value;
            if (held) return;
            continue;
          }
          controller.enqueue(value);
          return;
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
