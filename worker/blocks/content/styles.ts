// The content blocks' stylesheet, scoped under their wrappers' block-{name} classes and the base template's variables.
import { BREAKPOINTS } from '../../../shared/limits.ts';

/** Every rule starts with this: inside a block wrapper, at zero specificity (:where); the cb- classes are this group's own. */
const S = ':where(.block)';
const M = BREAKPOINTS.mobileMax;

// One rule per line: the template's stylesheet is minified by deleting line breaks and the indentation after them.
export const contentBlockStyles = `
${S} .cb-heading{font-size:1.35rem;margin:0 0 .9rem;letter-spacing:.005em}
${S} h3.cb-heading{font-size:1.12rem;margin-bottom:.7rem}
${S} .cb-heading a{color:var(--text);text-decoration:none}
${S} .cb-heading a:hover{color:var(--accent);text-decoration:underline}
${S} .cb-heading-sub{font:500 .8rem/1 var(--body-font);letter-spacing:.06em;text-transform:uppercase;color:var(--muted);margin-left:.6rem;white-space:nowrap}
${S} .cb-empty{color:var(--muted);font-style:italic;margin:0}
${S} .cb-more{margin:1.1rem 0 0;font-size:.95rem}
${S} .cb-more a{font-weight:600;text-decoration:none}
${S} .cb-more a:hover{text-decoration:underline}
${S} .cb-more a::after{content:" →";content:" →" / ""}
${S} .cb-date{display:block;color:var(--muted);font-size:.85rem;line-height:1.4}
${S} .cb-excerpt{color:var(--muted);font-size:.95rem;line-height:1.55;margin:.3rem 0 0;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}

${S} .cb-posts{list-style:none;margin:0;padding:0;display:grid;gap:1.1rem}
${S} .cb-post{position:relative;display:flex;gap:1rem;align-items:flex-start}
${S} .cb-post-thumb{flex:0 0 auto;width:120px;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:var(--radius);background:var(--surface)}
${S} .cb-post-text{min-width:0;flex:1;display:flex;flex-direction:column;gap:.15rem}
${S} .cb-post-title{color:var(--text);font-family:var(--heading-font);font-weight:600;font-size:1.1rem;line-height:1.3;text-decoration:none}
${S} .cb-post-title::after{content:"";position:absolute;inset:0}
${S} .cb-post:hover .cb-post-title{color:var(--accent);text-decoration:underline}
${S} .cb-posts-rich{gap:0}
${S} .cb-posts-rich .cb-post{padding:1.1rem 0;border-top:1px solid var(--border)}
${S} .cb-posts-rich .cb-post:first-child{border-top:0;padding-top:0}
${S} .cb-posts-rich .cb-post:last-child{padding-bottom:0}
${S} .cb-posts-index{gap:.9rem}
${S} .cb-posts-index .cb-post{align-items:center;gap:.85rem}
${S} .cb-posts-index .cb-post-thumb{width:64px;aspect-ratio:1}
${S} .cb-posts-index .cb-post-title{font-size:1rem}
${S} .cb-posts-compact{gap:.55rem}
${S} .cb-posts-compact .cb-post-title{font-family:var(--body-font);font-size:.98rem;font-weight:500}
${S} .cb-posts-compact .cb-date{font-size:.8rem}

${S} .cb-card{display:flex;flex-direction:column;gap:.35rem;padding:1.25rem 1.4rem;border:1px solid var(--border);border-radius:calc(var(--radius) * 2);background:var(--surface);color:var(--text);text-decoration:none;min-width:0}
.row-columns>.block:has(>.cb-card){align-self:stretch;display:flex;flex-direction:column}
.row-columns>.block>.cb-card{flex:1 0 auto}
${S} .cb-card-link{transition:border-color .2s,box-shadow .2s,transform .2s}
${S} .cb-card-link:hover{border-color:var(--accent);box-shadow:0 14px 32px -22px rgba(0,0,0,.45);transform:translateY(-1px)}
${S} .cb-card-title{font-family:var(--heading-font);font-size:1.2rem;font-weight:600;line-height:1.3;color:var(--text);margin:0}
${S} .cb-card-link:hover .cb-card-title{color:var(--accent)}
${S} .cb-card-text{color:var(--muted);font-size:.95rem;line-height:1.55}
${S} .cb-card-meta{font-size:.85rem;font-weight:600;color:var(--accent);letter-spacing:.02em;overflow-wrap:anywhere;margin:0}
${S} .cb-card-arrow{display:inline-block;transition:transform .2s}
${S} .cb-card-link:hover .cb-card-arrow{transform:translateX(3px)}

${S} .cb-nav-list,${S} .cb-nav-sublist{list-style:none;margin:0;padding:0}
${S} .cb-nav-link{color:var(--text);text-decoration:none}
${S} .cb-nav-vertical .cb-nav-list{display:flex;flex-direction:column;gap:.1rem}
${S} .cb-nav-vertical .cb-nav-link{display:block;padding:.45rem .75rem;border-radius:var(--radius)}
${S} .cb-nav-vertical .cb-nav-link:hover{background:var(--surface);color:var(--accent)}
${S} .cb-nav-vertical .cb-nav-link[aria-current=page]{background:color-mix(in srgb,var(--accent) 12%,var(--bg));color:var(--accent);font-weight:600}
${S} .cb-nav-folder-title{display:block;padding:.75rem .75rem .3rem;font-size:.78rem;font-weight:700;text-transform:uppercase;letter-spacing:.1em;color:var(--muted)}
${S} .cb-nav-vertical .cb-nav-sublist{margin-left:.75rem;padding-left:.5rem;border-left:1px solid var(--border)}
${S} .cb-nav-horizontal .cb-nav-list{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem 1.5rem}
${S} .cb-nav-horizontal .cb-nav-link{display:inline-block;padding:.35rem 0;border-bottom:2px solid transparent}
${S} .cb-nav-horizontal .cb-nav-link:hover,${S} .cb-nav-horizontal .cb-nav-link[aria-current=page]{border-bottom-color:var(--accent)}
${S} .cb-nav-details{position:relative}
${S} .cb-nav-summary{display:inline-flex;align-items:center;gap:.4em;padding:.35rem 0;cursor:pointer;list-style:none;border-bottom:2px solid transparent}
${S} .cb-nav-summary::-webkit-details-marker{display:none}
${S} .cb-nav-summary::after{content:"";width:.45em;height:.45em;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:translateY(-.15em) rotate(45deg);transition:transform .2s}
${S} .cb-nav-details[open]>.cb-nav-summary::after{transform:translateY(.1em) rotate(-135deg)}
${S} .cb-nav-details>.cb-nav-sublist{position:absolute;top:calc(100% + .4rem);left:-.75rem;z-index:20;min-width:12rem;padding:.4rem;background:var(--bg);border:1px solid var(--border);border-radius:calc(var(--radius) * 2);box-shadow:0 18px 40px -24px rgba(0,0,0,.4)}
${S} .cb-nav-details .cb-nav-link{display:block;padding:.45rem .7rem;border:0;border-radius:var(--radius)}
${S} .cb-nav-details .cb-nav-link:hover{background:var(--surface)}
${S} .cb-nav-horizontal .cb-nav-folder-title+.cb-nav-sublist{padding-left:.75rem}

${S} .cb-owner-html>:first-child{margin-top:0}
${S} .cb-owner-html>:last-child{margin-bottom:0}
${S} .cb-owner-html img,${S} .cb-owner-html video,${S} .cb-owner-html iframe{max-width:100%;height:auto}
${S} .cb-owner-html table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;margin:0 0 1.25em}
${S} .cb-owner-html dl{margin:0 0 1em;display:grid;gap:.2rem}
${S} .cb-owner-html dt{font-weight:600}
${S} .cb-owner-html dd{margin:0 0 .6rem;color:var(--muted)}
${S} .cb-owner-html th,${S} .cb-owner-html td{padding:.45rem .75rem;border-bottom:1px solid var(--border);text-align:left}
${S} .cb-owner-html pre{overflow-x:auto;max-width:100%}
${S} .cb-markdown h1,${S} .cb-markdown h2,${S} .cb-markdown h3,${S} .cb-markdown h4{margin:1.6em 0 .5em}
${S} .cb-markdown h1{font-size:2rem}
${S} .cb-owner-html h2,${S} .cb-markdown h2{font-size:clamp(1.4rem,2.4vw,1.75rem)}
${S} .cb-markdown h3{font-size:1.25rem}
${S} .cb-markdown ul,${S} .cb-markdown ol{padding-left:1.4em;margin:0 0 1em}
${S} .cb-markdown li+li{margin-top:.3em}
${S} .cb-markdown blockquote>:last-child{margin-bottom:0}
${S} .cb-markdown blockquote{margin:1.5em 0;padding:.2em 0 .2em 1.25em;border-left:3px solid var(--accent);color:var(--muted);font-style:italic}
${S} .cb-markdown hr{border:0;border-top:1px solid var(--border);margin:2em 0}
${S} .cb-markdown :not(pre)>code{font:.88em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--surface);border:1px solid var(--border);border-radius:4px;padding:.08em .35em}
${S} .cb-markdown pre,${S} .cb-code{margin:0 0 1em;padding:1.1rem 1.25rem;border-radius:calc(var(--radius) * 2);background:color-mix(in srgb,var(--text) 93%,var(--bg));color:var(--bg);overflow-x:auto;font:.88rem/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;tab-size:2}
${S} .cb-code{margin:0}
${S} .cb-code::before{content:attr(data-language);display:block;margin-bottom:.6rem;font:700 .7rem/1 var(--body-font);letter-spacing:.12em;text-transform:uppercase;opacity:.75}
${S} .cb-markdown pre code,${S} .cb-code code{font:inherit;background:none;border:0;padding:0;color:inherit}

${S} .cb-index-multi{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,280px),1fr));gap:2rem var(--gap)}
${S} .cb-index-section+.cb-index-section{margin-top:0}
${S} .cb-index:not(.cb-index-multi) .cb-index-section+.cb-index-section{margin-top:2rem}

${S} .cb-groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr));gap:1.75rem var(--gap)}
${S} .cb-group-heading{display:flex;align-items:baseline;justify-content:space-between;gap:.75rem;margin:0 0 .7rem;padding-bottom:.45rem;border-bottom:1px solid var(--border);font:700 1rem/1.35 var(--body-font)}
${S} .cb-group-heading a{color:var(--text);text-decoration:none;min-width:0}
${S} .cb-group-heading a:hover{color:var(--accent);text-decoration:underline}
${S} .cb-group-count{flex:none;font-size:.75rem;font-weight:600;color:var(--muted);background:var(--surface);border:1px solid var(--border);border-radius:99px;padding:.05em .6em;white-space:nowrap}
${S} .cb-group .cb-more{margin-top:.6rem;font-size:.88rem}

${S} .cb-tags{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;align-items:baseline;gap:.3rem 1rem}
${S} .cb-tag{color:var(--text);text-decoration:none;line-height:1.35;font-weight:500}
${S} .cb-tag:hover{color:var(--accent);text-decoration:underline}
${S} .cb-tag-1{font-size:.875rem;color:var(--muted)}
${S} .cb-tag-2{font-size:1rem}
${S} .cb-tag-3{font-size:1.2rem}
${S} .cb-tag-4{font-size:1.45rem;font-weight:600}
${S} .cb-tag-5{font-size:1.75rem;font-weight:600}

${S} .cb-photo-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,140px),1fr));gap:6px}
${S} .cb-photo-link{display:block;aspect-ratio:1;overflow:hidden;border-radius:var(--radius);background:var(--surface)}
${S} .cb-photo-img{width:100%;height:100%;object-fit:cover;transition:transform .4s ease,opacity .2s}
${S} .cb-photo-link:hover .cb-photo-img{transform:scale(1.04);opacity:.92}

${S} .cb-comments{display:flex;align-items:center;gap:.5rem;margin:0;font-weight:600}
${S} .cb-comments-icon{color:var(--accent);flex:none}
${S} .cb-comments-count{font-size:.78rem;font-weight:600;color:var(--muted);background:var(--surface);border:1px solid var(--border);border-radius:99px;padding:.05em .6em}

${S} .cb-feed-list{list-style:none;margin:0 0 0 7px;padding:0 0 0 1.25rem;border-left:2px solid var(--border);display:grid;gap:1.2rem}
${S} .cb-feed-entry{position:relative}
${S} .cb-feed-entry::before{content:"";position:absolute;left:calc(-1.25rem - 7px);top:.45em;width:12px;height:12px;border-radius:50%;background:var(--bg);border:2px solid var(--accent)}
${S} .cb-feed-text{margin:0 0 .3rem;white-space:pre-line}
${S} .cb-feed-title{display:flex;gap:.45rem;align-items:flex-start;margin:0 0 .2rem;font-weight:600}
${S} .cb-feed-sub{font-weight:400;color:var(--muted)}
${S} .cb-feed-meta{margin:0;color:var(--muted);font-size:.85rem;text-decoration:none}
${S} a.cb-feed-meta:hover{color:var(--accent);text-decoration:underline}
${S} .cb-feed-meta .cb-date{display:inline}
${S} .cb-pin{flex:none;color:var(--accent);margin-top:.2em}

${S} .cb-geo{flex-direction:row;align-items:flex-start;gap:.9rem}
${S} .cb-geo .cb-pin{width:28px;height:28px;margin-top:0}
${S} .cb-geo-body{min-width:0}
${S} .cb-geo-body p{margin:0}
${S} .cb-geo .cb-card-meta{color:var(--muted);font-weight:400;font-variant-numeric:tabular-nums;margin-top:.2rem}
${S} .cb-geo-action{margin-top:.7rem!important;font-weight:600;font-size:.95rem}

${S} .cb-rss-list{list-style:none;margin:0;padding:0}
${S} .cb-rss-entry{padding:.95rem 0;border-top:1px solid var(--border)}
${S} .cb-rss-entry:first-child{border-top:0;padding-top:0}
${S} .cb-rss-title{color:var(--text);font-weight:600;font-size:1.05rem;line-height:1.35;text-decoration:none}
${S} .cb-rss-title:hover{color:var(--accent);text-decoration:underline}
${S} .cb-rss .cb-date{margin-top:.15rem}

${S} .cb-social{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.6rem}
${S} .cb-align-left{justify-content:flex-start}
${S} .cb-align-center{justify-content:center}
${S} .cb-align-right{justify-content:flex-end}
${S} .cb-social-link{color:var(--text);text-decoration:none;transition:background-color .2s,color .2s,border-color .2s}
${S} .cb-social-icons .cb-social-link{display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:50%;border:1px solid var(--border);background:var(--surface)}
${S} .cb-social-text .cb-social-link{display:inline-flex;align-items:center;gap:.5rem;padding:.45rem 1rem .45rem .8rem;border:1px solid var(--border);border-radius:99px;font-size:.95rem;font-weight:600}
${S} .cb-social-link:hover{background:var(--accent);border-color:var(--accent);color:var(--accent-contrast)}
${S} .cb-social-icon{flex:none;display:block}
${S} .cb-social-glyph{display:inline-flex;align-items:center;justify-content:center;width:20px;height:20px;font:700 16px/1 var(--body-font)}
${S} .cb-social-glyph::before{content:attr(data-glyph)}
${S} .cb-social-glyph[data-long]{font-size:11.5px;letter-spacing:-.01em}
${S} .cb-social-user{font-weight:400;opacity:.8}

${S} .cb-retail{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,160px),1fr));gap:1rem}
${S} .cb-retail-card{position:relative;display:flex;flex-direction:column;border:1px solid var(--border);border-radius:calc(var(--radius) * 2);overflow:hidden;background:var(--bg);transition:box-shadow .2s,transform .2s}
${S} .cb-retail-card:hover{box-shadow:0 16px 36px -24px rgba(0,0,0,.5);transform:translateY(-2px)}
${S} .cb-retail-card:has(:focus-visible){outline:3px solid var(--accent);outline-offset:2px}
${S} .cb-retail-media{aspect-ratio:4/5;background:var(--surface);display:flex;align-items:center;justify-content:center;overflow:hidden}
${S} .cb-retail-img{width:100%;height:100%;object-fit:cover}
${S} .cb-retail-placeholder{font:600 2.6rem/1 var(--heading-font);color:var(--muted)}
${S} .cb-retail-body{flex:1;display:flex;flex-direction:column;gap:.2rem;padding:.85rem 1rem 1rem;min-width:0}
${S} .cb-retail-title{color:var(--text);font-weight:600;line-height:1.3;text-decoration:none}
${S} .cb-retail-title::after{content:"";position:absolute;inset:0}
${S} .cb-retail-title:focus-visible{outline:0}
${S} .cb-retail-card:hover .cb-retail-title{color:var(--accent)}
${S} .cb-retail-author{color:var(--muted);font-size:.88rem}
${S} .cb-retail-price{font-weight:700;margin-top:.3rem;font-variant-numeric:tabular-nums}
${S} .cb-retail-store{margin-top:auto;padding-top:.5rem;font-size:.72rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:var(--accent)}

${S} .cb-menu{display:grid;gap:2.75rem}
${S} .cb-menu-title{text-align:center;font-size:1.7rem;letter-spacing:.02em;margin-bottom:1.5rem}
${S} .cb-menu-title::after{content:"";display:block;width:3rem;height:2px;background:var(--accent);margin:.7rem auto 0}
${S} .cb-menu-section+.cb-menu-section{margin-top:2rem}
${S} .cb-menu-section-title{text-align:center;margin:0 0 1.1rem;font:700 .82rem/1.3 var(--body-font);letter-spacing:.16em;text-transform:uppercase;color:var(--accent)}
${S} .cb-menu-items{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,300px),1fr));gap:1.1rem 2.75rem}
${S} .cb-menu-line{display:flex;align-items:baseline;gap:.6rem;margin:0;font-weight:600}
${S} .cb-menu-name{min-width:0}
${S} .cb-menu-leader{flex:1 1 1.5rem;min-width:1.5rem;border-bottom:1px dotted color-mix(in srgb,var(--text) 40%,var(--bg));transform:translateY(-.3em)}
${S} .cb-menu-price{flex:none;white-space:nowrap;font-variant-numeric:tabular-nums;color:var(--accent)}
${S} .cb-menu-desc{margin:.2rem 0 0;color:var(--muted);font-size:.92rem;line-height:1.5}

${S} .cb-link-card{max-width:40rem}
${S} .cb-link-list{list-style:none;margin:0;padding:0;border-top:1px solid var(--border)}
${S} .cb-link-list li{border-bottom:1px solid var(--border)}
${S} .cb-link-list a{display:flex;justify-content:space-between;gap:1rem;padding:.7rem .15rem;color:var(--text);text-decoration:none}
${S} .cb-link-list a::after{content:"→";content:"→" / "";color:var(--muted);transition:transform .2s,color .2s}
${S} .cb-link-list a:hover{color:var(--accent)}
${S} .cb-link-list a:hover::after{color:var(--accent);transform:translateX(3px)}

${S} .cb-logo{display:inline-block;color:var(--text);text-decoration:none}
${S} .cb-logo-text{font:600 1.8rem/1.2 var(--heading-font);letter-spacing:.01em}
${S} .cb-logo-text:hover{color:var(--accent)}
${S} .cb-logo-img{max-height:88px;width:auto}

${S} .cb-quote{margin:0;padding:.4rem 0 .4rem 1.75rem;border-left:3px solid var(--accent)}
${S} .cb-quote-text{margin:0;font:italic 400 clamp(1.25rem,2.4vw,1.6rem)/1.45 var(--heading-font)}
${S} .cb-quote-text p{margin:0}
${S} .cb-quote-source{margin-top:.9rem;color:var(--muted);font-size:.92rem;letter-spacing:.03em}
${S} .cb-quote-source::before{content:"— ";content:"— " / ""}

${S} .cb-spacer{display:block}
${S} .cb-rule{border:0;border-top:1px solid var(--border);margin:.5rem 0;height:0}

${S} .cb-email-footer{text-align:center;color:var(--muted);font-size:.85rem;line-height:1.6;padding:1.5rem 0 .5rem;border-top:1px solid var(--border)}
${S} .cb-email-address{font-style:normal;margin:0 0 .6rem}
${S} .cb-email-unsubscribe{margin:0}
${S} .cb-email-footer a,${S} .cb-email-browser-link a{color:var(--muted)}
${S} .cb-email-browser-link{text-align:center;font-size:.85rem;margin:0}

@media (max-width:${M}px){
${S} .cb-post-thumb{width:88px}
${S} .cb-heading{font-size:1.25rem}
${S} .cb-nav-details>.cb-nav-sublist{position:static;min-width:0;margin-top:.25rem;box-shadow:none}
${S} .cb-nav-horizontal .cb-nav-list{gap:.2rem 1.1rem}
${S} .cb-card{padding:1.1rem 1.15rem}
${S} .cb-menu-items{gap:1rem}
${S} .cb-quote{padding-left:1.2rem}
}
`;
