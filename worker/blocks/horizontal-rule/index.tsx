// Block type 47, horizontal rule: a thin line between sections.
import * as z from 'zod';
import { defineBlock } from '../define.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({});

function HorizontalRuleBlock() {
  return <hr className="cb-rule" />;
}

const styles = `
${IN_BLOCK} .cb-rule{border:0;border-top:1px solid var(--border);margin:.5rem 0;height:0}
`;

export default defineBlock({ code: 47, name: 'horizontal_rule', schema, Component: HorizontalRuleBlock, styles });
