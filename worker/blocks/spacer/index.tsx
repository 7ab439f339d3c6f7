// Block type 21, spacer: empty vertical space of a given height.
import * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({ height: z.number().int().min(0).max(400).default(24) });
type SpacerData = z.output<typeof schema>;

function SpacerBlock({ data }: BlockProps<SpacerData>) {
  return <div className="cb-spacer" aria-hidden="true" style={{ height: `${data.height}px` }} />;
}

const styles = `
${IN_BLOCK} .cb-spacer{display:block}
`;

export default defineBlock({ code: 21, name: 'spacer', schema, Component: SpacerBlock, styles });
