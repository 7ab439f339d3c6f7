// The navigation block's CSS: vertical lists, and horizontal bars whose folders open as disclosures.
import { IN_BLOCK, MOBILE_MAX } from '../parts/styles.ts';

export const styles = `
${IN_BLOCK} .cb-nav-list,${IN_BLOCK} .cb-nav-sublist{list-style:none;margin:0;padding:0}
${IN_BLOCK} .cb-nav-link{color:var(--text);text-decoration:none}
${IN_BLOCK} .cb-nav-vertical .cb-nav-list{display:flex;flex-direction:column;gap:.1rem}
${IN_BLOCK} .cb-nav-vertical .cb-nav-link{display:block;padding:.45rem .75rem;border-radius:var(--radius)}
${IN_BLOCK} .cb-nav-vertical .cb-nav-link:hover{background:var(--surface);color:var(--accent)}
${IN_BLOCK} .cb-nav-vertical .cb-nav-link[aria-current=page]{background:color-mix(in srgb,var(--accent) 12%,var(--bg));color:var(--accent);font-weight:600}
${IN_BLOCK} .cb-nav-folder-title{display:block;padding:.75rem .75rem .3rem;font-size:.78rem;font-weight:700;text-transform:uppercase;letter-spacing:.1em;color:var(--muted)}
${IN_BLOCK} .cb-nav-vertical .cb-nav-sublist{margin-left:.75rem;padding-left:.5rem;border-left:1px solid var(--border)}
${IN_BLOCK} .cb-nav-horizontal .cb-nav-list{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem 1.5rem}
${IN_BLOCK} .cb-nav-horizontal .cb-nav-link{display:inline-block;padding:.35rem 0;border-bottom:2px solid transparent}
${IN_BLOCK} .cb-nav-horizontal .cb-nav-link:hover,${IN_BLOCK} .cb-nav-horizontal .cb-nav-link[aria-current=page]{border-bottom-color:var(--accent)}
${IN_BLOCK} .cb-nav-details{position:relative}
${IN_BLOCK} .cb-nav-summary{display:inline-flex;align-items:center;gap:.4em;padding:.35rem 0;cursor:pointer;list-style:none;border-bottom:2px solid transparent}
${IN_BLOCK} .cb-nav-summary::-webkit-details-marker{display:none}
${IN_BLOCK} .cb-nav-summary::after{content:"";width:.45em;height:.45em;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:translateY(-.15em) rotate(45deg);transition:transform .2s}
${IN_BLOCK} .cb-nav-details[open]>.cb-nav-summary::after{transform:translateY(.1em) rotate(-135deg)}
${IN_BLOCK} .cb-nav-details>.cb-nav-sublist{position:absolute;top:calc(100% + .4rem);left:-.75rem;z-index:20;min-width:12rem;padding:.4rem;background:var(--bg);border:1px solid var(--border);border-radius:calc(var(--radius) * 2);box-shadow:0 18px 40px -24px rgba(0,0,0,.4)}
${IN_BLOCK} .cb-nav-details .cb-nav-link{display:block;padding:.45rem .7rem;border:0;border-radius:var(--radius)}
${IN_BLOCK} .cb-nav-details .cb-nav-link:hover{background:var(--surface)}
${IN_BLOCK} .cb-nav-horizontal .cb-nav-folder-title+.cb-nav-sublist{padding-left:.75rem}
@media (max-width:${MOBILE_MAX}px){
${IN_BLOCK} .cb-nav-details>.cb-nav-sublist{position:static;min-width:0;margin-top:.25rem;box-shadow:none}
${IN_BLOCK} .cb-nav-horizontal .cb-nav-list{gap:.2rem 1.1rem}
}
`;
