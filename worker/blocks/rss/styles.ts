// The RSS block's CSS: its list of entries with titles, dates and summaries.
import { IN_BLOCK } from '../parts/styles.ts';

export const styles = `
${IN_BLOCK} .cb-rss-list{list-style:none;margin:0;padding:0}
${IN_BLOCK} .cb-rss-entry{padding:.95rem 0;border-top:1px solid var(--border)}
${IN_BLOCK} .cb-rss-entry:first-child{border-top:0;padding-top:0}
${IN_BLOCK} .cb-rss-title{color:var(--text);font-weight:600;font-size:1.05rem;line-height:1.35;text-decoration:none}
${IN_BLOCK} .cb-rss-title:hover{color:var(--accent);text-decoration:underline}
${IN_BLOCK} .cb-rss .cb-date{margin-top:.15rem}
`;
