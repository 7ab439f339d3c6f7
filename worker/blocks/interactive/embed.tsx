// The embed block: the owner's embed HTML in a framed container when it is a valid embed (§5), a short note otherwise.
import { cx } from '../../../shared/ui/cx.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { Link, OwnerHtml } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';
import { embedType, tidyEmbedHtml } from './block-parts.tsx';

export function EmbedBlock({ data, block }: BlockProps<'embed'>) {
  const type = embedType(data.html);
  return (
    <div
      className={cx('embed-block', `embed-type-${type}`)}
      data-island="embed"
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
        <OwnerHtml html={tidyEmbedHtml(data.html, data.title)} className="embed-frame" />
      )}
    </div>
  );
}
