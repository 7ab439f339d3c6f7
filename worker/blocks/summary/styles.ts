// The summary blocks' CSS (v1 and v2 alike): the four designs, the carousel track and its controls, narrow summaries.
import { MOBILE_MAX, narrow } from '../parts/styles.ts';

const SUMMARY = ':is(.block-summary,.block-summary-v2)';

const summary = `
${SUMMARY} .summary-header{display:flex;align-items:flex-end;justify-content:space-between;gap:1rem;margin-bottom:1.25rem}
${SUMMARY} .summary-heading{margin:0;font-size:clamp(1.4rem,2.4vw,1.75rem)}
${SUMMARY} .summary-items{list-style:none;margin:0;padding:0}
${SUMMARY} .summary-card{display:flex;flex-direction:column;gap:.9rem;height:100%}
${SUMMARY} .summary-thumbnail{display:block;overflow:hidden;border-radius:var(--radius);background:var(--surface);aspect-ratio:3/2}
${SUMMARY} .summary-products .summary-thumbnail{aspect-ratio:1}
${SUMMARY} .summary-thumbnail img{width:100%;height:100%;object-fit:cover;transition:transform .45s ease}
${SUMMARY} .summary-card:hover .summary-thumbnail img{transform:scale(1.03)}
${SUMMARY} .summary-content{display:flex;flex-direction:column;gap:.35rem;min-width:0}
${SUMMARY} .summary-meta{margin:0;color:var(--muted);font-size:.8rem;letter-spacing:.05em;text-transform:uppercase;display:flex;flex-wrap:wrap;gap:.25rem .75rem}
${SUMMARY} .summary-title{font-size:1.2rem;margin:0;line-height:1.3}
${SUMMARY} .summary-title a{color:var(--text);text-decoration:none}
${SUMMARY} .summary-title a:hover{color:var(--accent);text-decoration:underline}
${SUMMARY} .summary-excerpt{margin:0;color:var(--muted);font-size:.95rem;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
${SUMMARY} .summary-design-grid .summary-items{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr));gap:2.25rem var(--gap)}
${SUMMARY} .summary-design-wall .summary-items{columns:3 220px;column-gap:var(--gap)}
${SUMMARY} .summary-design-wall .summary-item{break-inside:avoid;margin-bottom:2rem}
${SUMMARY} .summary-design-wall .summary-thumbnail{aspect-ratio:auto}
${SUMMARY} .summary-design-wall .summary-thumbnail img{height:auto}
${SUMMARY} .summary-design-list .summary-items{display:flex;flex-direction:column;gap:2rem}
${SUMMARY} .summary-design-list .has-thumbnail .summary-card{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:var(--gap);align-items:center}
${SUMMARY} .summary-design-list .summary-title{font-size:1.45rem}
${SUMMARY} .summary-track{position:relative;display:flex;gap:var(--gap);overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;overscroll-behavior-x:contain;scrollbar-width:none;padding-bottom:4px}
${SUMMARY} .summary-track::-webkit-scrollbar{display:none}
${SUMMARY} .summary-track .summary-item{flex:0 0 calc((100% - 2 * var(--gap)) / 3);scroll-snap-align:start;min-width:0}
${SUMMARY} .summary-controls{display:flex;gap:.5rem;margin-left:auto}
${SUMMARY} .summary-control{width:40px;height:40px;padding:0;border-radius:50%;border:1px solid var(--border);background:var(--bg);color:var(--text);display:grid;place-items:center;cursor:pointer;transition:border-color .2s}
${SUMMARY} .summary-control:hover{border-color:var(--text)}
${SUMMARY} .summary-control:disabled{opacity:.4;cursor:default}
`;
const summaryNarrow = `${narrow(`
${SUMMARY} .summary-block%C .summary-track .summary-item{flex-basis:calc((100% - var(--gap)) / 2)}
${SUMMARY} .summary-design-list%C .has-thumbnail .summary-card{grid-template-columns:1fr}
`)}@media (max-width:${MOBILE_MAX}px){${SUMMARY} .summary-block .summary-track .summary-item{flex-basis:82%}}`;

export const styles = summary + summaryNarrow;
