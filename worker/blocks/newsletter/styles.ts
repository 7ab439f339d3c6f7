// The newsletter block's CSS: the sign-up panel, its row of fields, and the stacked form of small blocks.
import { MOBILE_MAX } from '../parts/styles.ts';

export const styles = `
.block-newsletter .newsletter-inner{padding:clamp(1.5rem,4vw,2.75rem);background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);text-align:center}
.block-newsletter .newsletter-title{margin:0 0 .4em}
.block-newsletter .newsletter-description{color:var(--muted);max-width:36rem;margin:0 auto 1.25rem;white-space:pre-line}
.block-newsletter .newsletter-form{max-width:36rem;margin:0 auto}
.block-newsletter .newsletter-fields{display:flex;flex-wrap:wrap;gap:.6rem}
.block-newsletter .newsletter-field{flex:1 1 14rem;min-width:0}
.block-newsletter .newsletter-field-name{flex:1 1 calc(50% - .3rem)}
.block-newsletter .newsletter-input{width:100%}
.block-newsletter .newsletter-submit{flex:0 0 auto}
.block-newsletter .newsletter-message{margin:.75rem 0 0;color:#8a1c14;font-weight:600}
.block-newsletter .newsletter-disclaimer{margin:.9rem 0 0;font-size:.8rem;color:var(--muted)}
.block-newsletter .newsletter-submitted p{margin:0;font-weight:600;font-size:1.1rem}
@media (max-width:${MOBILE_MAX}px){.block-newsletter .newsletter-submit{flex:1 1 100%}}
.block-newsletter .is-small .newsletter-inner{padding:1.25rem 1rem}
.block-newsletter .is-small .newsletter-fields{flex-direction:column}
.block-newsletter .is-small .newsletter-field{flex:none}
.block-newsletter .is-small .newsletter-submit{width:100%}
`;
