// The map block's CSS: the place (its name, address and links), and, where the site has a maps key, the space of
// the live map above it, tinted by the style preset until the maps service draws in it.

const map = `
.block-map .map-block{border:1px solid var(--border);border-radius:var(--radius);overflow:hidden;background:var(--surface);--map-land:#ececea}
.block-map .map-style-original{--map-land:#efe9dc}
.block-map .map-style-satellite{--map-land:#4b5b40}
.block-map .map-style-minimallight{--map-land:#f7f7f5}
.block-map .map-style-minimaldark{--map-land:#2b2d2f}
.block-map .map-style-minimalblue{--map-land:#dfe8f3}
.block-map .map-place{display:flex;gap:1rem;align-items:flex-start;padding:clamp(1.1rem,3vw,1.6rem)}
.block-map .map-place-icon{flex:none;display:grid;place-items:center;width:2.75rem;height:2.75rem;border-radius:50%;background:var(--bg);color:var(--accent);box-shadow:inset 0 0 0 1px var(--border)}
.block-map .map-place-text{display:flex;flex-direction:column;gap:.35rem;min-width:0}
.block-map .map-place p{margin:0}
.block-map .map-place-name{font-family:var(--heading-font);font-weight:600;font-size:1.2rem;line-height:1.3}
.block-map .map-place-address{display:flex;flex-direction:column;color:var(--muted);line-height:1.55}
.block-map .map-place-coordinates{font-variant-numeric:tabular-nums}
.block-map .map-place-links{display:flex;flex-wrap:wrap;align-items:center;gap:.6rem 1.4rem;margin-top:.6rem}
.block-map .map-place-open{display:inline-flex;align-items:center;gap:.5rem;background:var(--accent);color:var(--accent-contrast);border-radius:var(--button-radius,var(--radius));padding:.65em 1.2em;font:600 .92rem/1.2 var(--body-font);text-decoration:none}
.block-map .map-place-open:hover{filter:brightness(1.08)}
.block-map .map-place-directions{font-weight:600;font-size:.92rem}
.block-map .map-canvas{height:var(--map-height,300px);background:var(--map-land);border-bottom:1px solid var(--border)}
.block-map .map-with-key[data-maps-state=failure] .map-canvas,.block-map .map-with-key[data-maps-state=timeout] .map-canvas{display:none}
@media (scripting:none){.block-map .map-with-key .map-canvas{display:none}}
@media (max-width:480px){.block-map .map-canvas{height:min(var(--map-height,300px),260px)}}
`;

export const styles = map;
