// Block type 56, audio streaming (§1's music-embed widget): music on a streaming service, as a card with the service's
// player, its own embed frame, sandboxed and loaded by the browser only as it comes near the viewport, and a link to
// the music at the service.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { hostLabel } from '../parts/links.ts';
import { text } from '../parts/schema.ts';

const schema = z.object({
  provider: text(100),
  title: text(200),
  embedHtml: text(20_000),
  url: href,
});
type AudioStreamingData = z.output<typeof schema>;

/** A player's height when its embed names none: the compact player of the usual services. */
const DEFAULT_PLAYER_HEIGHT = 152;

/**
 * What the sandbox lets the service's player do: run its script, open the service in a new window, and play full
 * screen. No top navigation, no forms, no modals; and no origin of its own (allow-same-origin beside allow-scripts is
 * an error to the HTML checker), so the player runs without the service's storage.
 */
export const PLAYER_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-presentation';
/** The features the player may ask for (what the services' own snippets allow). */
export const PLAYER_ALLOW = 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture';

/** The player of an embed: its first frame's https address and height; none when the embed has no such frame. */
export function playerOf(html: string): { src: string; height: number } | null {
  const tag = /<iframe\b[^>]*>/i.exec(html)?.[0];
  if (!tag) return null;
  const attr = (name: string) => {
    const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    return m ? (m[1] ?? m[2] ?? m[3] ?? '').replace(/&amp;/g, '&') : undefined;
  };
  const src = attr('src');
  if (!src || !/^https:\/\/[^\s"'<>]+$/i.test(src)) return null;
  const height = Number.parseInt(attr('height') ?? '', 10);
  return { src, height: height >= 80 && height <= 1000 ? height : DEFAULT_PLAYER_HEIGHT };
}

function AudioStreamingBlock({ data }: BlockProps<AudioStreamingData>) {
  const player = playerOf(data.embedHtml);
  return (
    <div className="audio-streaming-block" data-provider-name={data.provider}>
      <div className="audio-streaming-head">
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
      {player && (
        <iframe
          className="audio-streaming-player"
          src={player.src}
          title={data.title}
          height={player.height}
          loading="lazy"
          sandbox={PLAYER_SANDBOX}
          allow={PLAYER_ALLOW}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </div>
  );
}

const styles = `
.block-audio-streaming .audio-streaming-block{display:flex;flex-direction:column;gap:1rem;padding:1.1rem 1.25rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}
.block-audio-streaming .audio-streaming-head{display:flex;align-items:center;flex-wrap:wrap;gap:1rem}
.block-audio-streaming .audio-streaming-icon{width:52px;height:52px}
.block-audio-streaming .audio-streaming-text{flex:1 1 12rem;min-width:0}
.block-audio-streaming .audio-streaming-provider{margin:0;font-size:.75rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}
.block-audio-streaming .audio-streaming-title{margin:0;font-weight:600;font-size:1.1rem}
.block-audio-streaming .audio-streaming-player{display:block;width:100%;border:0;border-radius:calc(var(--radius) * 1.5);background:var(--bg)}
`;

export default defineBlock({
  code: 56,
  name: 'audio_streaming',
  schema,
  Component: AudioStreamingBlock,
  styles,
  text: (data) => data.title,
});
