// The appointment scheduling block's CSS: the list of appointment types inside the shared card look.
export const styles = `
.block-appointment-scheduling .appointments-list{list-style:none;margin:0 0 1.25rem;padding:0;border-top:1px solid var(--border)}
.block-appointment-scheduling .appointment-type{display:flex;align-items:baseline;justify-content:space-between;flex-wrap:wrap;gap:.25rem 1rem;padding:.8rem 0;border-bottom:1px solid var(--border)}
.block-appointment-scheduling .appointment-name{font-weight:600}
.block-appointment-scheduling .appointment-meta{display:flex;gap:1rem;color:var(--muted);font-size:.92rem}
.block-appointment-scheduling .appointment-price{color:var(--text);font-weight:600}
.block-appointment-scheduling .appointments-embed:not(:empty){margin-top:1.25rem}
.block-appointment-scheduling .appointments-embed iframe{display:block;width:100%;border:0;border-radius:var(--radius)}
`;
