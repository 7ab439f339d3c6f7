// Renders a layout: blocks in rows of 12 columns, each block checked, wrapped and isolated in its own Suspense boundary.
import { Suspense, type ReactNode } from 'react';
import type { Block, Layout } from '../../shared/snapshot/schema.ts';
import { parseBlock } from '../blocks/registry.ts';
import { log } from '../log.ts';
import { useRender } from './context.tsx';
import { AboveFoldContext } from './island.tsx';

/** Shown while a slow block streams in; if the block fails, it stays and (after a moment, by CSS) says so. */
export function SectionFallback({ label = 'This section could not be loaded.' }: { label?: string }) {
  return (
    <div className="section-fallback" role="status">
      <span className="section-fallback-text">{label}</span>
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  const { site, route } = useRender();
  const parsed = parseBlock(block);
  if (!parsed.ok) {
    // Data that does not fit its type is logged and skipped for visitors (the editor shows a placeholder later).
    log.warn('block.skipped', {
      site: site.website.identifier,
      blockId: block.id,
      type: block.type,
      reason: parsed.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; '),
      pageType: route.pageType,
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

export function LayoutBlocks({ layout, className }: { layout: Layout | undefined; className?: string }): ReactNode {
  const state = useRender();
  if (!layout || layout.blocks.length === 0) return null;
  // the first layout a page draws begins at the top of its content: its first row is what a visitor sees first
  const first = !state.placement.layoutDrawn;
  state.placement.layoutDrawn = true;
  return (
    <div className={className ? `layout ${className}` : 'layout'}>
      {rows(layout.blocks).map((row, i) => (
        <div className={row.length > 1 ? 'row row-columns' : 'row'} key={row[0]!.id}>
          <AboveFoldContext value={first && i === 0}>
            {row.map((block) => (
              <BlockView block={block} key={block.id} />
            ))}
          </AboveFoldContext>
        </div>
      ))}
    </div>
  );
}
