// Block type 22, embed: the owner's embed HTML in a framed container when it is a valid embed (§5), a short note otherwise;
// over the frame, out of sight, its name and a link that show when the frame has not loaded in time (embed-fallback).
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { embedType } from '../../../shared/video/embed.ts';
import { Island } from '../../kit/island.tsx';
import { Link, OwnerHtml } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { tidyEmbedHtml } from '../parts/embed.ts';
import { text } from '../parts/schema.ts';
import { plainText } from '../../../shared/plain-text.ts';
import { words } from '../parts/text.ts';
import { embedFallbackIsland } from './embed-fallback.view.tsx';

const schema = z.object({ html: text(20_000), url: href.optional(), providerName: text(100).optional(), title: text(200) });
type EmbedData = z.output<typeof schema>;

/** The first frame's own address, when it is a web address. */
function frameUrl(html: string): string | null {
  const src = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const url = (src?.[1] ?? src?.[2] ?? '').replace(/&amp;/g, '&');
  return /^https?:\/\//i.test(url) ? url : null;
}

function EmbedBlock({ data, block }: BlockProps<EmbedData>) {
  const type = embedType(data.html);
  const fallbackUrl = data.url ?? frameUrl(data.html);
  return (
    <div
      className={cx('embed-block', `embed-type-${type}`)}
      data-block-id={block.id}
      data-type={type}
      {...(data.providerName ? { 'data-provider-name': data.providerName } : {})}
      {...(data.url ? { 'data-url': data.url } : {})}
    >
      {type === 'invalid' ? (
        <div className="embed-invalid">
          <p className="embed-invalid-text">This embedded content can’t be shown here.</p>
          {data.url && (
            <Link href={data.url} newWindow className="embed-source-link">
              {data.providerName ? `View ${data.title} on ${data.providerName}` : `View ${data.title}`}
              <VisuallyHidden> (opens in a new window)</VisuallyHidden>
            </Link>
          )}
        </div>
      ) : (
        <>
          <OwnerHtml html={tidyEmbedHtml(data.html, data.title)} className="embed-frame" />
          {fallbackUrl && /<iframe\b/i.test(data.html) && (
            <Island
              island={embedFallbackIsland}
              props={{ title: data.title, url: fallbackUrl, providerName: data.providerName ?? null }}
              when="visible"
            />
          )}
        </>
      )}
    </div>
  );
}

const styles = `
.block-embed .embed-block{position:relative}
.block-embed .embed-block[data-provider-name]:not(.embed-type-invalid)::before{content:"Loading " attr(data-provider-name) "…";content:"Loading " attr(data-provider-name) "…" / "";position:absolute;inset:0;display:grid;place-items:center;color:var(--muted);font-size:.85rem;letter-spacing:.04em;pointer-events:none}
.block-embed .embed-frame{position:relative;border-radius:var(--radius);overflow:hidden;background:color-mix(in srgb,var(--surface) 60%,transparent);border:1px solid var(--border)}
.block-embed .embed-frame iframe{position:relative;display:block;width:100%;border:0}
.block-embed .embed-frame iframe:not([height]){aspect-ratio:16/9;height:auto}
.block-embed .embed-invalid{padding:1.5rem;border:1px dashed var(--border);border-radius:var(--radius);text-align:center;background:var(--surface)}
.block-embed .embed-invalid-text{margin:0 0 .35rem;color:var(--muted)}
.block-embed .embed-fallback{position:absolute;inset:0;z-index:2;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.4rem;padding:1.5rem;text-align:center;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface);visibility:hidden}
.block-embed .embed-block[data-embed=unreachable] .embed-fallback{visibility:visible}
.block-embed .embed-fallback p{margin:0}
.block-embed .embed-fallback-title{font-weight:600}
.block-embed .embed-fallback-text{color:var(--muted);font-size:.9rem}
`;

export default defineBlock({
  code: 22,
  name: 'embed',
  schema,
  Component: EmbedBlock,
  styles,
  ownerCode: () => true,
  text: (data) => words(plainText(data.html), data.title),
});
