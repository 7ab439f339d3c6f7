// The Content-Security-Policy of a page: scripts only with this response's nonce, unless the page carries code its
// owner wrote (html, markdown, code and embed blocks, forms with post-submission HTML, code injection).
import { BLOCK_TYPES } from '../../shared/codes.ts';
import type { Layout } from '../../shared/snapshot/schema.ts';
import type { Route } from '../render/context.tsx';
import type { SiteModel } from '../site/model.ts';

const OWNER_CODE_BLOCKS: ReadonlySet<number> = new Set([BLOCK_TYPES.html, BLOCK_TYPES.markdown, BLOCK_TYPES.embed, BLOCK_TYPES.code]);

function layoutHasOwnerCode(site: SiteModel, layout: Layout | undefined): boolean {
  if (!layout) return false;
  return layout.blocks.some((block) => {
    if (OWNER_CODE_BLOCKS.has(block.type)) {
      // a code block that only displays its source runs nothing
      return !(block.type === BLOCK_TYPES.code && (block.data as { displaySource?: unknown }).displaySource === true);
    }
    if (block.type === BLOCK_TYPES.form) {
      const form = site.forms.get(String((block.data as { formId?: unknown }).formId));
      return !!form?.postSubmitHtml;
    }
    return false;
  });
}

/** Whether the page a route renders includes owner-supplied code. */
export function hasOwnerCode(site: SiteModel, route: Route): boolean {
  const injection = site.website.codeInjection;
  if (injection?.header || injection?.footer) return true;
  return (
    layoutHasOwnerCode(site, route.page?.layout) ||
    layoutHasOwnerCode(site, route.collection?.headerLayout) ||
    layoutHasOwnerCode(site, route.item?.body)
  );
}

/**
 * The policy for one response. Strict pages allow scripts by nonce only ('strict-dynamic' lets a nonced module load
 * its own chunks). Owner code cannot carry our nonce, so those pages allow inline and https: scripts instead; every
 * other directive stays the same.
 */
export function contentSecurityPolicy(nonce: string, ownerCode: boolean): string {
  const scripts = ownerCode ? "script-src 'self' 'unsafe-inline' 'unsafe-eval' https:" : `script-src 'nonce-${nonce}' 'strict-dynamic'`;
  return [
    "default-src 'self'",
    scripts,
    `style-src 'self' 'unsafe-inline'${ownerCode ? ' https:' : ''}`,
    "img-src 'self' data: https:",
    `font-src 'self' data:${ownerCode ? ' https:' : ''}`,
    "connect-src 'self'",
    "media-src 'self' https:",
    "frame-src 'self' https:",
    `object-src ${ownerCode ? 'https:' : "'none'"}`,
    "base-uri 'self'",
    "form-action 'self' https:",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The policy of responses that render no page: nothing may run, and only this site may frame them. */
export const DEFAULT_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'";
