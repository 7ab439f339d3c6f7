// The block registry: every block type code of §3 maps to its server component. A missing type is a compile error.
import type { BlockTypeName } from '../../shared/codes.ts';
import { contentBlocks } from './content/index.ts';
import { interactiveBlocks } from './interactive/index.ts';
import type { BlockGroup } from './types.ts';

export const BLOCKS = { ...contentBlocks, ...interactiveBlocks } satisfies BlockGroup<BlockTypeName>;
