// The calendar block's CSS: the month grid, its events, and the agenda that replaces the grid on narrow calendars.
import { narrow } from '../parts/styles.ts';

const calendar = `
.block-calendar .calendar-header{display:flex;align-items:baseline;justify-content:space-between;flex-wrap:wrap;gap:.25rem 1rem;margin-bottom:1rem}
.block-calendar .calendar-month{margin:0}
.block-calendar .calendar-collection{margin:0;color:var(--muted);font-size:.9rem}
.block-calendar .calendar-grid{width:100%;border-collapse:collapse;table-layout:fixed}
.block-calendar .calendar-grid th{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);font-weight:600;padding:.5rem .4rem;text-align:left;border-bottom:1px solid var(--border)}
.block-calendar .calendar-day{vertical-align:top;height:6.5rem;padding:.35rem;border:1px solid var(--border);overflow:hidden}
.block-calendar .calendar-day.is-outside{background:var(--surface)}
.block-calendar .calendar-day-number{display:inline-grid;place-items:center;width:1.8rem;height:1.8rem;font-size:.85rem;border-radius:50%}
.block-calendar .is-today .calendar-day-number{background:var(--accent);color:var(--accent-contrast);font-weight:700}
.block-calendar .calendar-day-events{list-style:none;margin:.2rem 0 0;padding:0;display:flex;flex-direction:column;gap:.4rem}
.block-calendar .calendar-event{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;font-size:.76rem;line-height:1.3;padding:.2rem .4rem 0;border-radius:3px;background:color-mix(in srgb,var(--accent) 12%,var(--bg));box-shadow:0 .2rem 0 color-mix(in srgb,var(--accent) 12%,var(--bg));color:var(--text);text-decoration:none;overflow:hidden;overflow-wrap:anywhere;border-left:3px solid var(--accent)}
.block-calendar .calendar-event:hover{background:color-mix(in srgb,var(--accent) 22%,var(--bg));box-shadow:0 .2rem 0 color-mix(in srgb,var(--accent) 22%,var(--bg))}
.block-calendar .calendar-event-time{font-weight:600}
.block-calendar .calendar-agenda{display:none;list-style:none;padding:0;margin:0;border-top:1px solid var(--border)}
.block-calendar .calendar-agenda-item{display:grid;grid-template-columns:5.5rem minmax(0,1fr);gap:1rem;padding:.9rem 0;border-bottom:1px solid var(--border)}
.block-calendar .calendar-agenda-date{font-weight:700;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--accent);padding-top:.15rem}
.block-calendar .calendar-agenda-body{display:flex;flex-direction:column;gap:.15rem;min-width:0}
.block-calendar .calendar-agenda-title{font-weight:600;color:var(--text);text-decoration:none}
.block-calendar .calendar-agenda-title:hover{text-decoration:underline}
.block-calendar .calendar-agenda-time,.block-calendar .calendar-agenda-location{font-size:.88rem;color:var(--muted)}
`;
const calendarNarrow = narrow(`
.block-calendar .has-agenda%C .calendar-grid{display:none}
.block-calendar .has-agenda%C .calendar-agenda{display:block}
.block-calendar .calendar-block%C .calendar-day{height:3.25rem;padding:.2rem}
.block-calendar .calendar-block%C .calendar-grid th{padding:.4rem .2rem;font-size:.68rem}
`);

export const styles = calendar + calendarNarrow;
