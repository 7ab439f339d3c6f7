// The album block's CSS: cover beside the track list, the current track, and the stacked form of narrow albums.
import { playerStartStyles } from '../../../shared/ui/player-start.tsx';
import { narrow } from '../parts/styles.ts';

const album = `
.block-album .album-block{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:var(--gap);align-items:start}
.block-album .album-cover img{width:100%;aspect-ratio:1;object-fit:cover;border-radius:var(--radius);box-shadow:0 18px 40px -22px rgba(0,0,0,.45)}
.block-album .album-header{margin-bottom:1rem}
.block-album .album-title{margin:0 0 .15em}
.block-album .album-artist{margin:0;font-size:1.1rem}
.block-album .album-summary{margin:.3rem 0 0;color:var(--muted);font-size:.88rem}
.block-album .album-tracks{list-style:none;margin:0 0 1rem;padding:0;border-top:1px solid var(--border)}
.block-album .album-track{display:grid;grid-template-columns:1.75rem minmax(0,1fr) auto;gap:.75rem;align-items:center;padding:.6rem .25rem;border-bottom:1px solid var(--border)}
.block-album .album-track-number{color:var(--muted);font-variant-numeric:tabular-nums;text-align:right;font-size:.88rem}
.block-album .album-track-title{color:var(--text);text-decoration:none}
.block-album .album-track-title:hover{color:var(--accent);text-decoration:underline}
.block-album .album-track.is-current .album-track-title{color:var(--accent);font-weight:600}
.block-album .album-track-duration{color:var(--muted);font-size:.88rem;font-variant-numeric:tabular-nums}
.block-album .album-player{width:100%;display:block}
${playerStartStyles('.block-album')}`;
const albumNarrow = narrow(`
.block-album .album-block%C{grid-template-columns:1fr}
.block-album .album-block%C .album-cover{max-width:320px}
`);

export const styles = album + albumNarrow;
