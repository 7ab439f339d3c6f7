// The contract between the document and each page type's component.
import type { ReactNode } from 'react';
import type { RenderState } from '../kit/context.tsx';

export interface PageDefinition {
  /** the page's main content; reads the site and route with useRender() */
  Body: () => ReactNode;
  /** 'site': the site's header, navigation and footer around the body; 'minimal': a centred card with the site title;
   * 'bare': only <main> (a splash page draws its own full-bleed design); 'email': a standalone e-mail layout */
  chrome: 'site' | 'minimal' | 'bare' | 'email';
  /** the document title, before ' — {site title}' is appended */
  title: (state: RenderState) => string;
  /** the meta description; defaults to the site's description */
  description?: (state: RenderState) => string | undefined;
  /** whether search engines may index it (search results, cart, checkout, lock screens may not) */
  indexable: boolean;
}
