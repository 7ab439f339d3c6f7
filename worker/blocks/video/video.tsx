// The video block (§3, §4, §5): a poster with a play control that the island swaps for the embed, or the note of an
// invalid embed.
import { cx } from '../../../shared/ui/cx.ts';
import { embedType, INVALID_VIDEO_EMBED } from '../../../shared/video/embed.ts';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { tidyEmbedHtml } from '../parts/embed.ts';
import { blockImageSizes } from '../parts/media.ts';
import type { VideoData } from './schema.ts';
import { videoIsland, type VideoProps } from './video.view.tsx';

export function VideoBlock({ data, block }: BlockProps<VideoData>) {
  const type = embedType(data.html);
  const mode = data.mode ?? 'none';
  if (type === 'invalid') {
    // §4: an invalid embed gets state invalid and says so; there is nothing to play, so no script
    return (
      <div
        className={cx('video-block', 'video-invalid')}
        data-provider-name={data.providerName}
        data-type={type}
        data-mode={mode}
        data-state="invalid"
      >
        <p className="video-invalid-text" role="note">
          {INVALID_VIDEO_EMBED}
        </p>
      </div>
    );
  }
  const { sizes, displayWidth } = blockImageSizes(block.span);
  const props: VideoProps = {
    blockId: block.id,
    title: data.title,
    description: data.description,
    providerName: data.providerName,
    url: data.url,
    html: tidyEmbedHtml(data.html, data.title),
    type,
    mode,
    thumbnail: data.thumbnail,
    sizes,
    displayWidth,
  };
  return <Island island={videoIsland} props={props} when="interaction" />;
}
