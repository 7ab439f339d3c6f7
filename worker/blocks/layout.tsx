// Renders a layout: blocks in rows of 12 columns, each block checked, wrapped and isolated in its own Suspense boundary.
import { Suspense, type ReactNode } from 'react';
import type { Block, Layout } from '../../shared/snapshot/schema.ts';
import { BLOCK_CODES, parseBlock } from './registry.ts';
import { countDroppedBlock } from '../site/dropped-blocks.ts';
import { AboveFoldContext, useRender } from '../kit/context.tsx';

/** Shown while a slow block streams in; if the block fails, it stays and (after a moment, by CSS) says so. */
export function SectionFallback({ label = 'This section could not be loaded.' }: { label?: string }) {
  return (
    <div className="section-fallback" role="status">
      <span className="section-fallback-text">{label}</span>
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  const { site, route, log } = useRender();
  const parsed = parseBlock(block);
  if (!parsed.ok) {
    // Data that does not fit its type is skipped for visitors (the editor shows a placeholder later), counted per site
    // for ops (droppedBlocks) and logged with that count.
    const reason = parsed.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; ');
    const droppedOnSite = countDroppedBlock({ identifier: site.website.identifier, version: site.version }, block, reason);
    log.warn('block.skipped', {
      site: site.website.identifier,
      blockId: block.id,
      type: block.type,
      reason,
      pageType: route.pageType,
      droppedOnSite,
    });
    return null;
  }
  const { Component, name } = parsed.definition;
  const layoutClass = block.layout ? ` layout-${block.layout}` : '';
  return (
    <div
      className={`block block-${name.replace(/_/g, '-')}${layoutClass}`}
      id={`block-${block.id}`}
      data-block-type={block.type}
      style={{ gridColumn: `span ${block.span}` }}
    >
      <Suspense fallback={<SectionFallback />}>
        <Component data={parsed.data} block={block} />
      </Suspense>
    </div>
  );
}

/** Groups consecutive blocks whose spans fit in 12 columns into one row. */
function rows(blocks: Block[]): Block[][] {
  const out: Block[][] = [];
  let row: Block[] = [];
  let used = 0;
  for (const block of blocks) {
    if (used + block.span > 12 && row.length) {
      out.push(row);
      row = [];
      used = 0;
    }
    row.push(block);
    used += block.span;
  }
  if (row.length) out.push(row);
  return out;
}

/** Blocks that draw a few lines of text at most: a first row of these leaves the next row on the first screen. */
const TEXT_BLOCK_TYPES: ReadonlySet<number> = new Set([
  BLOCK_CODES.markdown,
  BLOCK_CODES.html,
  BLOCK_CODES.button,
  BLOCK_CODES.horizontal_rule,
]);
/**
 * How much source text such a first row may hold and still leave the next row on a phone's first screen: about six
 * lines at 390 px below the header (markup counts too, so a row with more markup counts as taller than it is).
 */
const SHORT_TEXT_CHARS = 320;

/**
 * How many leading rows of a page's first layout a visitor sees before scrolling, as far as the server can tell: the
 * first row, and the second too when the first is only a short heading and a few lines (a gallery below an
 * introduction is what a phone shows first). Their images load at once; every other image is lazy.
 */
export function rowsAboveFold(rows: Block[][]): number {
  const [first, second] = rows;
  if (!first || !second) return rows.length;
  let chars = 0;
  for (const block of first) {
    if (!TEXT_BLOCK_TYPES.has(block.type)) return 1;
    for (const key of ['markdown', 'html', 'buttonText'] as const) {
      const value = block.data[key];
      if (typeof value === 'string') chars += value.length;
    }
  }
  return chars <= SHORT_TEXT_CHARS ? 2 : 1;
}

export function LayoutBlocks({ layout, className }: { layout: Layout | undefined; className?: string }): ReactNode {
  const state = useRender();
  if (!layout || layout.blocks.length === 0) return null;
  // the first layout a page draws begins at the top of its content: its first rows are what a visitor sees first
  const first = !state.placement.layoutDrawn;
  state.placement.layoutDrawn = true;
  const grouped = rows(layout.blocks);
  const aboveFold = first ? rowsAboveFold(grouped) : 0;
  return (
    <div className={className ? `layout ${className}` : 'layout'}>
      {grouped.map((row, i) => (
        <div className={row.length > 1 ? 'row row-columns' : 'row'} key={row[0]!.id}>
          <AboveFoldContext value={i < aboveFold}>
            {row.map((block) => (
              <BlockView block={block} key={block.id} />
            ))}
          </AboveFoldContext>
        </div>
      ))}
    </div>
  );
}
