// The CSS of the social links list (icons or text, aligned): the social links and both account links blocks use it.
import { IN_BLOCK } from '../parts/styles.ts';

export const styles = `
${IN_BLOCK} .cb-social{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.6rem}
${IN_BLOCK} .cb-align-left{justify-content:flex-start}
${IN_BLOCK} .cb-align-center{justify-content:center}
${IN_BLOCK} .cb-align-right{justify-content:flex-end}
${IN_BLOCK} .cb-social-link{color:var(--text);text-decoration:none;transition:background-color .2s,color .2s,border-color .2s}
${IN_BLOCK} .cb-social-icons .cb-social-link{display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:50%;border:1px solid var(--border);background:var(--surface)}
${IN_BLOCK} .cb-social-text .cb-social-link{display:inline-flex;align-items:center;gap:.5rem;padding:.45rem 1rem .45rem .8rem;border:1px solid var(--border);border-radius:99px;font-size:.95rem;font-weight:600}
${IN_BLOCK} .cb-social-link:hover{background:var(--accent);border-color:var(--accent);color:var(--accent-contrast)}
${IN_BLOCK} .cb-social-icon{flex:none;display:block}
${IN_BLOCK} .cb-social-user{font-weight:400;opacity:.8}
`;
