// The tour dates block's CSS: the list of shows with their date badges, and its narrow form.
import { narrow } from '../parts/styles.ts';

const tourDates = `
.block-tour-dates .tour-dates-header{margin-bottom:1.25rem}
.block-tour-dates .tour-dates-title{margin:0}
.block-tour-dates .tour-dates-subtitle{margin:.2rem 0 0;color:var(--muted);text-transform:uppercase;letter-spacing:.1em;font-size:.8rem;font-weight:600}
.block-tour-dates .tour-dates-empty{color:var(--muted)}
.block-tour-dates .tour-dates-list{list-style:none;margin:0;padding:0;border-top:1px solid var(--border)}
.block-tour-dates .tour-date{display:grid;grid-template-columns:4.75rem minmax(0,1fr) auto;gap:1.25rem;align-items:center;padding:1rem 0;border-bottom:1px solid var(--border)}
.block-tour-dates .tour-date-when{display:flex;flex-direction:column;align-items:center;line-height:1.15;padding:.5rem .25rem;border-radius:var(--radius);background:var(--surface)}
.block-tour-dates .tour-date-month{text-transform:uppercase;font-size:.72rem;letter-spacing:.1em;font-weight:700;color:var(--accent)}
.block-tour-dates .tour-date-day{font-family:var(--heading-font);font-size:1.65rem;font-weight:600}
.block-tour-dates .tour-date-weekday{font-size:.7rem;color:var(--muted);white-space:nowrap}
.block-tour-dates .tour-date-where{display:flex;flex-direction:column;min-width:0}
.block-tour-dates .tour-date-venue{font-weight:600;font-size:1.05rem}
.block-tour-dates .tour-date-city{color:var(--muted);font-size:.92rem}
`;
const tourDatesNarrow = narrow(`
.block-tour-dates .tour-dates-block%C .tour-date{grid-template-columns:4.25rem minmax(0,1fr);gap:.5rem 1rem}
.block-tour-dates .tour-dates-block%C .tour-date-tickets{grid-column:2;justify-self:start}
`);

export const styles = tourDates + tourDatesNarrow;
