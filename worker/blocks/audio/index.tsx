// Block type 41, audio: a single track with its title, author, length and a native player.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { formatDuration, isoDuration } from '../parts/media.ts';
import { text } from '../parts/schema.ts';

const schema = z.object({ title: text(200), author: text(200).optional(), url: href, durationSeconds: z.number().min(0).optional() });
type AudioData = z.output<typeof schema>;

function AudioBlock({ data, block }: BlockProps<AudioData>) {
  return (
    <figure
      className="audio-block"
      data-island="audio"
      data-block-id={block.id}
      data-url={data.url}
      {...(data.durationSeconds !== undefined ? { 'data-duration': data.durationSeconds } : {})}
    >
      <figcaption className="audio-header">
        <span className="audio-icon" aria-hidden="true">
          <Icon name="music" size={22} />
        </span>
        <span className="audio-text">
          <span className="audio-title">{data.title}</span>
          {data.author && <span className="audio-author">{data.author}</span>}
        </span>
        {data.durationSeconds !== undefined && (
          <time className="audio-duration" dateTime={isoDuration(data.durationSeconds)}>
            {formatDuration(data.durationSeconds)}
          </time>
        )}
      </figcaption>
      <audio className="audio-player" controls preload="none" src={data.url}>
        <a href={data.url}>Download {data.title}</a>
      </audio>
    </figure>
  );
}

const styles = `
.block-audio .audio-block{margin:0;padding:1rem 1.25rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface);display:flex;flex-direction:column;gap:.85rem}
.block-audio .audio-header{display:flex;align-items:center;gap:.85rem}
.block-audio .audio-text{display:flex;flex-direction:column;min-width:0;flex:1}
.block-audio .audio-title{font-weight:600}
.block-audio .audio-author{color:var(--muted);font-size:.9rem}
.block-audio .audio-duration{color:var(--muted);font-size:.85rem;font-variant-numeric:tabular-nums}
.block-audio .audio-player{width:100%;display:block}
`;

export default defineBlock({ code: 41, name: 'audio', schema, Component: AudioBlock, styles, text: (data) => data.title });
