// The owner's figures in the editor's panel (§3 of the visitor-runtime issue): visits, page views, heartbeat
// engagement and form submissions of the last 30 days, as four tiles and a chart of the days, from GET
// /api/census/Summary. A pure function of its props, like the editor frame around it: the server draws the waiting
// state, the client the figures once they have come.

/** What the view reads of the Summary answer (docs/api.md). */
export interface SiteFiguresData {
  from: string;
  to: string;
  pageViews: number;
  visits: number;
  uniqueVisitors: number;
  activeTimeMillis: number;
  heartbeats: number;
  formSubmissions: number;
  days: { day: string; pageViews: number; visits: number; activeTimeMillis: number; formSubmissions: number }[];
}

const CHART = { width: 208, height: 92, gap: 1 } as const;

/** 1234 → '1,234'. */
const count = (n: number) => n.toLocaleString('en-US');

/** Engaged time as a person reads it: '45 s', '12 min', '3 h 05 min'. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** 2026-11-24 → 'Nov 24'. */
function shortDay(day: string): string {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function Tile({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <div className="figures-tile">
      <dt>{label}</dt>
      <dd>
        <span className="figures-value">{value}</span>
        {note && <span className="figures-note">{note}</span>}
      </dd>
    </div>
  );
}

/** Page views per day as columns, the visits of each day drawn inside its column. */
function DaysChart({ days }: { days: SiteFiguresData['days'] }) {
  const top = Math.max(1, ...days.map((d) => d.pageViews));
  const step = CHART.width / Math.max(days.length, 1);
  const bar = Math.max(1, step - CHART.gap);
  const h = (n: number) => (n / top) * (CHART.height - 4);
  const busiest = days.reduce((a, b) => (b.pageViews > a.pageViews ? b : a), days[0]!);
  return (
    <figure className="figures-chart">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        width={CHART.width}
        height={CHART.height}
        role="img"
        aria-label={`Page views per day, ${shortDay(days[0]!.day)} to ${shortDay(days[days.length - 1]!.day)}: busiest ${shortDay(busiest.day)} with ${count(busiest.pageViews)}`}
      >
        <line className="figures-axis" x1="0" x2={CHART.width} y1={CHART.height - 0.5} y2={CHART.height - 0.5} />
        {days.map((d, i) => (
          <g key={d.day}>
            <title>{`${shortDay(d.day)}: ${count(d.pageViews)} page views, ${count(d.visits)} visits`}</title>
            <rect className="figures-views" x={i * step} y={CHART.height - h(d.pageViews)} width={bar} height={h(d.pageViews)} />
            <rect className="figures-visits" x={i * step} y={CHART.height - h(d.visits)} width={bar} height={h(d.visits)} />
            {/* the whole column answers the pointer, even on a quiet day */}
            <rect x={i * step} y="0" width={step} height={CHART.height} fill="transparent" />
          </g>
        ))}
      </svg>
      <figcaption>
        <span>{shortDay(days[0]!.day)}</span>
        <span className="figures-legend">
          <i className="figures-key-views" /> views <i className="figures-key-visits" /> visits
        </span>
        <span>{shortDay(days[days.length - 1]!.day)}</span>
      </figcaption>
    </figure>
  );
}

export function SiteFigures({ figures, error = null }: { figures: SiteFiguresData | null; error?: string | null }) {
  return (
    <section className="figures" aria-labelledby="figures-title" aria-busy={!figures && !error}>
      <h2 id="figures-title">Visitors</h2>
      {error ? (
        <p className="figures-message">{error}</p>
      ) : !figures ? (
        <p className="figures-message">Loading the last 30 days…</p>
      ) : (
        <>
          <p className="figures-range">Last 30 days</p>
          <dl className="figures-tiles">
            <Tile
              label="Visits"
              value={count(figures.visits)}
              note={`${count(figures.uniqueVisitors)} ${figures.uniqueVisitors === 1 ? 'visitor' : 'visitors'}`}
            />
            <Tile label="Page views" value={count(figures.pageViews)} />
            <Tile
              label="Engaged time"
              value={duration(figures.activeTimeMillis)}
              note={figures.pageViews ? `${duration(figures.activeTimeMillis / figures.pageViews)} a view` : undefined}
            />
            <Tile label="Form submissions" value={count(figures.formSubmissions)} />
          </dl>
          {figures.days.length > 0 && <DaysChart days={figures.days} />}
        </>
      )}
    </section>
  );
}

export const FIGURES_CSS = `
.figures{margin:0 0 20px}
.figures-range,.figures-message{margin:0 0 8px;color:#5b615e;font-size:12px}
.figures-tiles{display:grid;grid-template-columns:1fr 1fr;gap:6px;margin:0 0 10px}
.figures-tile{padding:8px;border-radius:6px;background:#f4f2ee}
.figures-tile dt{font-size:11px;color:#5b615e}
.figures-tile dd{margin:0}
.figures-value{display:block;font-size:20px;font-weight:650;line-height:1.2;color:#1d1f1e;font-variant-numeric:tabular-nums}
.figures-note{display:block;font-size:11px;color:#5b615e}
.figures-chart{margin:0}
.figures-chart svg{display:block;max-width:100%;height:auto}
.figures-views{fill:#c9d9d2}
.figures-visits{fill:#2f5d50}
.figures-axis{stroke:#d6d3cc}
.figures-chart g:hover .figures-views{fill:#9dbdb0}
.figures-chart figcaption{display:flex;justify-content:space-between;gap:4px;margin-top:4px;font-size:10px;color:#5b615e}
.figures-legend i{display:inline-block;width:8px;height:8px;border-radius:2px;margin:0 2px 0 4px;vertical-align:-1px}
.figures-key-views{background:#c9d9d2}.figures-key-visits{background:#2f5d50}
`.replace(/\n/g, '');
