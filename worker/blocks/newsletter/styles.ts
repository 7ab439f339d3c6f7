// The newsletter block's CSS: the sign-up panel, its row of fields (the form's own, drawn compact), the messages, and
// the stacked form of small blocks (§9: when the parent is below 320px, as a container query on the block's own width,
// which is its parent's: the block has no padding).
import { MOBILE_MAX } from '../parts/styles.ts';

/** §9: newsletter blocks get a small-container style when the parent is below 320px. */
const SMALL_CONTAINER_PX = 320;

export const styles = `
.block-newsletter .newsletter-inner{padding:clamp(1.5rem,4vw,2.75rem);background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);text-align:center}
.block-newsletter .newsletter-title{margin:0 0 .4em}
.block-newsletter .newsletter-description{color:var(--muted);max-width:36rem;margin:0 auto 1.25rem;white-space:pre-line}
.block-newsletter .newsletter-form{max-width:36rem;margin:0 auto}
.block-newsletter .newsletter-form[hidden]{display:none}
.block-newsletter .newsletter-lock{margin:0;padding:0;border:0;min-width:0}
.block-newsletter .newsletter-fields{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.6rem;text-align:left}
.block-newsletter .form-item{flex:1 1 14rem;min-width:0;display:flex;flex-direction:column;gap:.3rem}
.block-newsletter .form-item-name{flex:1 1 100%}
.block-newsletter .form-field{margin:0;padding:0;border:0;min-width:0}
.block-newsletter .form-parts{display:flex;flex-wrap:wrap;gap:.6rem}
.block-newsletter .form-part{flex:1 1 10rem;min-width:0}
.block-newsletter .form-control{width:100%}
.block-newsletter .form-field-error{margin:0;color:#a4161a;font-size:.85rem;font-weight:600}
.block-newsletter .is-error .form-control{border-color:#a4161a;box-shadow:0 0 0 1px #a4161a}
.block-newsletter .newsletter-submit{flex:0 0 auto}
.block-newsletter .newsletter-lock:disabled .newsletter-submit{opacity:.75;cursor:progress}
.block-newsletter .newsletter-message{margin:0 0 .75rem;color:#8a1c14;font-weight:600}
.block-newsletter .newsletter-message:empty{display:none}
.block-newsletter .newsletter-message p{margin:0}
.block-newsletter .newsletter-message:focus{outline:2px solid #8a1c14;outline-offset:2px}
.block-newsletter .newsletter-disclaimer{margin:.9rem 0 0;font-size:.8rem;color:var(--muted)}
.block-newsletter .newsletter-submitted[hidden]{display:none}
.block-newsletter .newsletter-submitted:focus{outline:none}
.block-newsletter .newsletter-submitted p{margin:0;font-weight:600;font-size:1.1rem}
.block-newsletter .newsletter-missing{color:var(--muted)}
@media (max-width:${MOBILE_MAX}px){.block-newsletter .newsletter-submit{flex:1 1 100%}}
.block-newsletter .newsletter-block{container:newsletter/inline-size}
@container newsletter (max-width:${SMALL_CONTAINER_PX - 0.02}px){.block-newsletter .newsletter-inner{padding:1.25rem 1rem}.block-newsletter .newsletter-fields{flex-direction:column;align-items:stretch}.block-newsletter .form-item{flex:none}.block-newsletter .newsletter-submit{width:100%}}
`;
