// The page-type registry: every page type of §2 maps to its definition. A missing type is a compile error.
import type { PageTypeName } from '../../shared/codes.ts';
import { commercePages } from './commerce/index.ts';
import { contentPages } from './content.tsx';
import { systemPages } from './system.tsx';
import type { PageDefinition } from './types.ts';

export const PAGES = { ...contentPages, ...systemPages, ...commercePages } satisfies Record<PageTypeName, PageDefinition>;
