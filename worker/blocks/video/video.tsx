// The video block: a poster with a play button; the client swaps in the embed HTML it carries in data-html (§3, §4, §5).
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { embedType } from '../../../shared/video/embed.ts';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../define.ts';
import { tidyEmbedHtml } from '../parts/embed.ts';
import { blockImageSizes } from '../parts/media.ts';
import type { VideoData } from './schema.ts';

export function VideoBlock({ data, block }: BlockProps<VideoData>) {
  const type = embedType(data.html);
  const mode = data.mode ?? 'none';
  const { sizes, displayWidth } = blockImageSizes(block.span);
  const root = {
    'data-island': 'video',
    'data-block-id': block.id,
    'data-provider-name': data.providerName,
    'data-type': type,
    'data-mode': mode,
    'data-url': data.url,
  };

  if (type === 'invalid') {
    return (
      <div className={cx('video-block', 'video-invalid')} {...root} data-state="invalid">
        <p className="video-invalid-text" role="note">
          Invalid video embed.
        </p>
      </div>
    );
  }

  return (
    <figure
      className={cx('video-block', `video-mode-${mode}`)}
      {...root}
      data-state="overlay"
      data-html={tidyEmbedHtml(data.html, data.title)}
    >
      <div className="video-frame">
        <div className={cx('video-overlay', !data.thumbnail && 'no-thumb')}>
          {data.thumbnail ? (
            <Img image={data.thumbnail} sizes={sizes} displayWidth={displayWidth} alt="" className="video-poster" />
          ) : (
            <span className="video-poster video-poster-neutral" aria-hidden="true">
              <span className="video-poster-title">{data.title}</span>
            </span>
          )}
          <button type="button" className="video-play" aria-label={`Play video: ${data.title}`} data-action="play">
            <Icon name="play" size={34} />
          </button>
          <span className="video-provider" aria-hidden="true">
            {data.providerName}
          </span>
        </div>
      </div>
      <figcaption className="video-caption">
        <span className="video-title">{data.title}</span>
        {data.description && <span className="video-description">{data.description}</span>}
        <Link href={data.url} newWindow className="video-source-link">
          Watch on {data.providerName}
          <VisuallyHidden> (opens in a new window)</VisuallyHidden>
        </Link>
      </figcaption>
    </figure>
  );
}
