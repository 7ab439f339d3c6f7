// Block type 41, audio: a single track with its title, author, length and a play link that the island
// (audio.view.tsx, audio.island.tsx) turns into the native player, whose states it follows.
import { fileSizeLabel } from '../../../shared/file-size.ts';
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { playerStartStyles } from '../../../shared/ui/player-start.tsx';
import { Island } from '../../kit/island.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { formatDuration, isoDuration } from '../parts/media.ts';
import { text } from '../parts/schema.ts';
import { audioIsland, type AudioProps } from './audio.view.tsx';

const schema = z.object({
  title: text(200),
  author: text(200).optional(),
  url: href,
  durationSeconds: z.number().min(0).optional(),
  /** the track's file size in bytes: the download link says it (§9 file sizes) */
  sizeBytes: z.number().int().min(0).optional(),
});
type AudioData = z.output<typeof schema>;

function AudioBlock({ data, block }: BlockProps<AudioData>) {
  const props: AudioProps = {
    blockId: block.id,
    title: data.title,
    author: data.author,
    url: data.url,
    size: data.sizeBytes === undefined ? undefined : fileSizeLabel(data.sizeBytes),
    duration:
      data.durationSeconds === undefined
        ? undefined
        : { seconds: data.durationSeconds, iso: isoDuration(data.durationSeconds), label: formatDuration(data.durationSeconds) },
  };
  // its code fetched as it nears the viewport, so the press that wakes it plays without waiting on the network
  return <Island island={audioIsland} props={props} when="visible" />;
}

const styles = `
.block-audio .audio-block{margin:0;padding:1rem 1.25rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface);display:flex;flex-direction:column;gap:.85rem}
.block-audio .audio-header{display:flex;align-items:center;gap:.85rem}
.block-audio .audio-text{display:flex;flex-direction:column;min-width:0;flex:1}
.block-audio .audio-title{font-weight:600}
.block-audio .audio-author{color:var(--muted);font-size:.9rem}
.block-audio .audio-duration{color:var(--muted);font-size:.85rem;font-variant-numeric:tabular-nums}
.block-audio .audio-player{width:100%;display:block}
.block-audio .audio-state{margin:0;font-size:.85rem;color:var(--muted);min-height:1.3em}
.block-audio .audio-block[data-state=error] .audio-state{color:var(--text);font-weight:600}
.block-audio .audio-download{align-self:flex-start;font-size:.9rem}
.block-audio .audio-size{color:var(--muted);font-variant-numeric:tabular-nums}
${playerStartStyles('.block-audio')}`;

export default defineBlock({ code: 41, name: 'audio', schema, Component: AudioBlock, styles, text: (data) => data.title });
