// The map block's CSS: the drawn map in six styles, the address card, and the stacked layout of narrow maps.
import { narrow } from '../parts/styles.ts';

const map = `
.block-map .map-block{position:relative;height:var(--map-height,300px);min-height:240px;border-radius:var(--radius);overflow:hidden;border:1px solid var(--border);--map-land:#ececea;--map-water:#d3d6d8;--map-road:#fff;--map-grid:#e0e0dd;--map-marker:#2b2b2b}
.block-map .map-style-original{--map-land:#efe9dc;--map-water:#aad3f2;--map-road:#fff;--map-grid:#e4dccb;--map-marker:#d93025}
.block-map .map-style-satellite{--map-land:#4b5b40;--map-water:#223d50;--map-road:rgba(255,255,255,.35);--map-grid:#55684a;--map-marker:#f2c94c}
.block-map .map-style-minimallight{--map-land:#f7f7f5;--map-water:#e2e8ed;--map-road:#fff;--map-grid:#efefeb;--map-marker:var(--accent)}
.block-map .map-style-minimaldark{--map-land:#2b2d2f;--map-water:#1c1e20;--map-road:#404346;--map-grid:#323437;--map-marker:#f4f4f4}
.block-map .map-style-minimalblue{--map-land:#dfe8f3;--map-water:#9dbadb;--map-road:#fff;--map-grid:#d2ddeb;--map-marker:#1f4e8c}
.block-map .map-canvas{position:absolute;inset:0;overflow:hidden;background-color:var(--map-land);background-image:radial-gradient(ellipse 34% 46% at 86% 12%,var(--map-water) 0 98%,transparent 100%),linear-gradient(var(--map-grid) 2px,transparent 2px),linear-gradient(90deg,var(--map-grid) 2px,transparent 2px);background-size:100% 100%,44px 44px,44px 44px}
.block-map .map-road{position:absolute;background:var(--map-road);box-shadow:0 0 0 1px var(--map-grid)}
.block-map .map-road-a{left:-10%;right:-10%;top:58%;height:12px;transform:rotate(-4deg)}
.block-map .map-road-b{top:-10%;bottom:-10%;left:38%;width:10px;transform:rotate(8deg)}
.block-map .map-road-c{left:-10%;width:140%;top:30%;height:7px;transform:rotate(24deg);opacity:.85}
.block-map .map-marker{position:absolute;left:50%;top:50%;transform:translate(-50%,-100%);color:var(--map-marker);filter:drop-shadow(0 3px 3px rgba(0,0,0,.35));line-height:0}
.block-map .map-card{position:absolute;left:1rem;bottom:1rem;max-width:min(20rem,calc(100% - 2rem));background:var(--bg);color:var(--text);padding:1rem 1.2rem;border-radius:var(--radius);box-shadow:0 10px 30px -12px rgba(0,0,0,.4);display:flex;flex-direction:column;gap:.35rem}
.block-map .map-clickable:not(.map-live) .map-canvas{cursor:pointer}
.block-map .map-card p{margin:0}
.block-map .map-card-title{font-family:var(--heading-font);font-weight:600;font-size:1.1rem;line-height:1.3}
.block-map .map-card-address{font-size:.92rem;color:var(--muted);display:flex;flex-direction:column}
.block-map .map-card-coordinates{font-variant-numeric:tabular-nums}
.block-map .map-card-link{display:inline-flex;align-items:center;gap:.4rem;font-size:.9rem;font-weight:600;margin-top:.25rem}
`;
const mapNarrow = narrow(`
.block-map .map-block%C{height:auto;min-height:0;display:flex;flex-direction:column}
.block-map .map-block%C .map-canvas{position:relative;inset:auto;height:220px}
.block-map .map-block%C .map-card{position:static;max-width:none;box-shadow:none;border-radius:0;border-top:1px solid var(--border)}
`);

export const styles = map + mapNarrow;
