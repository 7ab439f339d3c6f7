// The form block's CSS: fields, multi-part fields, choices, the likert scale, messages, and narrow forms.
import { narrow } from '../parts/styles.ts';

const form = `
.block-form .form-block{max-width:46rem}
.block-form .form-block-missing{color:var(--muted);padding:1rem 1.25rem;border:1px dashed var(--border);border-radius:var(--radius)}
.block-form .form-title{margin:0 0 .35em}
.block-form .form-description{color:var(--muted);white-space:pre-line}
.block-form .form-lock{margin:0;padding:0;border:0;min-width:0}
.block-form .form-fields{display:flex;flex-direction:column;gap:1.4rem;margin:1.5rem 0}
.block-form .form-item{display:flex;flex-direction:column;gap:.4rem;min-width:0}
.block-form .form-field{margin:0;padding:0;border:0;min-width:0;display:flex;flex-direction:column;gap:.4rem}
.block-form legend.form-label{padding:0;margin-bottom:0;float:left;width:100%}
.block-form legend.form-label+*{clear:both}
.block-form .form-label{font-weight:600;font-size:.95rem}
.block-form .form-field-description{margin:0;color:var(--muted);font-size:.88rem}
.block-form .form-control{width:100%;min-width:0}
.block-form textarea.form-control{resize:vertical;min-height:8.5rem}
.block-form .form-parts{display:flex;flex-wrap:wrap;gap:.75rem}
.block-form .form-part{display:flex;flex-direction:column;gap:.25rem;flex:1 1 11rem;min-width:0}
.block-form .form-part-xs{flex:0 1 4.75rem}
.block-form .form-part-s{flex:0 1 6.5rem}
.block-form .form-part-l{flex:1 1 14rem}
.block-form .form-part-full{flex:1 1 100%}
.block-form .form-part-label{font-weight:400;font-size:.8rem;color:var(--muted)}
.block-form .form-optional{font-style:italic}
.block-form .form-choices{display:flex;flex-direction:column;gap:.55rem}
.block-form .form-choice{display:flex;align-items:center;gap:.6rem}
.block-form .form-choice label,.block-form .form-likert-option label{font-weight:400;font-size:1rem;cursor:pointer}
.block-form input[type=checkbox],.block-form input[type=radio]{width:1.15rem;height:1.15rem;margin:0;padding:0;accent-color:var(--accent);flex:none;cursor:pointer}
.block-form .form-likert{display:flex;flex-direction:column;gap:.85rem}
.block-form .form-likert-question{border:0;margin:0;padding:1rem 1.1rem;background:var(--surface);border-radius:var(--radius);min-width:0}
.block-form .form-likert-statement{padding:0;margin-bottom:.75rem;font-weight:500;float:left;width:100%}
.block-form .form-likert-statement+*{clear:both}
.block-form .form-likert-scale{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:.5rem}
.block-form .form-likert-option{display:flex;flex-direction:column;align-items:center;gap:.4rem;text-align:center}
.block-form .form-likert-option label{font-size:.8rem;line-height:1.25}
.block-form .form-field-error{margin:0;color:#a4161a;font-size:.88rem;font-weight:600}
.block-form .is-error .form-control{border-color:#a4161a;box-shadow:0 0 0 1px #a4161a}
.block-form .form-message{padding:.75rem 1rem;border-radius:var(--radius);background:#fdecea;color:#8a1c14;font-weight:600;font-size:.95rem}
.block-form .form-message:empty{display:none}
.block-form .form-message p{margin:0}
.block-form .form-message-top{margin-top:1rem}
.block-form .form-message:focus{outline:2px solid #8a1c14;outline-offset:2px}
.block-form .form-actions{display:flex}
.block-form .form-message-bottom{margin:0 0 1.5rem}
.block-form .form-submit{min-width:10rem}
.block-form .form-lock:disabled .form-submit{opacity:.75;cursor:progress}
.block-form .form-submission{padding:1.5rem;border-radius:var(--radius);background:var(--surface);border:1px solid var(--border)}
.block-form .form-submission[hidden]{display:none}
.block-form .form-submission:focus{outline:none}
.block-form .form-submission-text{margin:0;font-size:1.1rem;white-space:pre-line}
.block-form .form-submission-text+.form-submission-owner-html{margin-top:1rem}
`;
const formNarrow = narrow(`
.block-form .form-block%C .form-likert-scale{grid-template-columns:1fr;gap:.45rem}
.block-form .form-block%C .form-likert-option{flex-direction:row;text-align:left;gap:.6rem}
.block-form .form-block%C .form-likert-option label{font-size:.95rem}
.block-form .form-block%C .form-submit{width:100%}
.block-form .form-block%C .form-part-xs{flex-basis:3.5rem}
.block-form .form-block%C .form-part-s{flex-basis:4.5rem}
`);

/**
 * Every visitor form's (form, newsletter and popup): the honeypot out of sight, and room kept for the Turnstile widget
 * (65 px tall) so the button does not move when it appears; without script, where the widget never comes, no room but
 * the <noscript> notice.
 */
const spam = `
.form-hp{position:absolute!important;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;opacity:0;pointer-events:none}
.form-turnstile{min-height:65px;margin:0 0 1.25rem;max-width:100%}
.form-turnstile.is-compact{margin:.75rem 0 0}
.form-turnstile-noscript{margin:0 0 1.25rem;font-size:.88rem;color:var(--muted)}
@media (scripting:none){.form-turnstile{display:none}}
`;

export const styles = form + formNarrow + spam;
