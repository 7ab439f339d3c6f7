// The page-type registry: every page type of §2 maps to its definition, one file per page type (or family). A missing
// type is a compile error.
import type { PageTypeName } from '../../shared/codes.ts';
import { collectionPages } from './collection.tsx';
import { commercePages } from './commerce/index.ts';
import { itemPages } from './item.tsx';
import { pagePages } from './page.tsx';
import { splashPages } from './splash.tsx';
import { systemPages } from './system.tsx';
import type { PageDefinition } from './types.ts';

export const PAGES = {
  ...pagePages,
  ...collectionPages,
  ...itemPages,
  ...splashPages,
  ...systemPages,
  ...commercePages,
} satisfies Record<PageTypeName, PageDefinition>;
