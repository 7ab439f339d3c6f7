// Block type 56, audio streaming: a card for music on a streaming service, carrying its embed for the client.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { embedType } from '../../../shared/video/embed.ts';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { tidyEmbedHtml } from '../parts/embed.ts';
import { hostLabel } from '../parts/links.ts';
import { text } from '../parts/schema.ts';

const schema = z.object({
  provider: text(100),
  title: text(200),
  embedHtml: text(20_000),
  url: href,
});
type AudioStreamingData = z.output<typeof schema>;

function AudioStreamingBlock({ data, block }: BlockProps<AudioStreamingData>) {
  const type = embedType(data.embedHtml);
  return (
    <div
      className="audio-streaming-block"
      data-block-id={block.id}
      data-provider-name={data.provider}
      data-url={data.url}
      data-type={type}
      {...(type !== 'invalid' ? { 'data-html': tidyEmbedHtml(data.embedHtml, data.title) } : {})}
    >
      <span className="audio-icon audio-streaming-icon" aria-hidden="true">
        <Icon name="music" size={26} />
      </span>
      <div className="audio-streaming-text">
        <p className="audio-streaming-provider">{data.provider}</p>
        <p className="audio-streaming-title">{data.title}</p>
      </div>
      <Link href={data.url} newWindow className="button secondary audio-streaming-link">
        Listen on {data.provider || hostLabel(data.url)}
        <VisuallyHidden> (opens in a new window)</VisuallyHidden>
      </Link>
    </div>
  );
}

const styles = `
.block-audio-streaming .audio-streaming-block{display:flex;align-items:center;flex-wrap:wrap;gap:1rem;padding:1.1rem 1.25rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}
.block-audio-streaming .audio-streaming-icon{width:52px;height:52px}
.block-audio-streaming .audio-streaming-text{flex:1 1 12rem;min-width:0}
.block-audio-streaming .audio-streaming-provider{margin:0;font-size:.75rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}
.block-audio-streaming .audio-streaming-title{margin:0;font-weight:600;font-size:1.1rem}
`;

export default defineBlock({
  code: 56,
  name: 'audio_streaming',
  schema,
  Component: AudioStreamingBlock,
  styles,
  text: (data) => data.title,
});
