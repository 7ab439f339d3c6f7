// The §3 page context the Worker serialises into every page (#site-context).
import { decodeFromScript, PAGE_CONTEXT_ELEMENT_ID, type PageContext } from '../../shared/page-context.ts';

export function readPageContext(): PageContext | null {
  const element = document.getElementById(PAGE_CONTEXT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return decodeFromScript<PageContext>(element.textContent);
  } catch {
    return null;
  }
}
