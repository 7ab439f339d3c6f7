// The chart block: an accessible inline SVG bar, line or pie chart, with a legend and the data as a visually hidden table.
import type { ReactNode } from 'react';
import { BLOCK_LAYOUTS } from '../../../shared/codes.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { useRender } from '../../kit/context.tsx';
import type { BlockProps } from '../define.ts';
import type { ChartData } from './schema.ts';

type ChartKind = 'bar' | 'line' | 'pie';

const KINDS: Record<number, ChartKind> = {
  [BLOCK_LAYOUTS.CHART_BAR]: 'bar',
  [BLOCK_LAYOUTS.CHART_LINE]: 'line',
  [BLOCK_LAYOUTS.CHART_PIE]: 'pie',
};

/** Colours cycle through this many classes (chart-c0 … chart-c7) defined in the styles. */
const PALETTE_SIZE = 8;

const W = 560;

const H = 320;

// the left pad fits a five-digit tick label beside the rotated axis title without the two touching
const PAD = { top: 16, right: 16, bottom: 44, left: 72 };

/** Past this many categories only every n-th axis label is drawn, so they do not collide. */
const MAX_AXIS_LABELS = 12;

const color = (i: number) => `chart-c${i % PALETTE_SIZE}`;

export function ChartBlock({ data, block }: BlockProps<ChartData>) {
  const { site } = useRender();
  const kind = KINDS[block.layout ?? BLOCK_LAYOUTS.CHART_BAR] ?? 'bar';
  const number = new Intl.NumberFormat(site.website.language, { maximumFractionDigits: 2 });
  const base = `chart-${block.id}`;
  const title = data.title ?? 'Chart';
  const legend =
    kind === 'pie'
      ? data.labels.map((label, i) => ({ name: label, className: color(i) }))
      : data.series.map((s, i) => ({ name: s.name, className: color(i) }));
  const description =
    kind === 'pie'
      ? `Pie chart of ${data.series[0]!.name} across ${data.labels.length} categories.`
      : `${kind === 'bar' ? 'Bar' : 'Line'} chart of ${data.series.map((s) => s.name).join(', ')} across ${data.labels.length} categories${
          data.yAxisLabel ? `, in ${data.yAxisLabel}` : ''
        }.`;

  return (
    <figure className={cx('chart-block', `chart-${kind}`)} data-block-id={block.id} data-chart-type={kind}>
      {data.title && <h2 className="chart-title">{data.title}</h2>}
      <svg
        className="chart-svg"
        viewBox={kind === 'pie' ? `${(W - H) / 2} 0 ${H} ${H}` : `0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${base}-svg-title ${base}-svg-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${base}-svg-title`}>{title}</title>
        <desc id={`${base}-svg-desc`}>{description}</desc>
        {kind === 'pie' ? <Pie data={data} format={number.format} /> : <Cartesian data={data} kind={kind} format={number.format} />}
      </svg>
      <ul className="chart-legend" aria-hidden="true">
        {legend.map((entry, i) => (
          <li key={i}>
            <span className={cx('chart-swatch', entry.className)} />
            {entry.name}
          </li>
        ))}
      </ul>
      {/* the wrapper hides the table: a table ignores a 1px width and would widen the page on phones */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{data.yAxisLabel ? `Category (${data.yAxisLabel})` : 'Category'}</th>
              {data.series.map((s, i) => (
                <th scope="col" key={i}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.labels.map((label, row) => (
              <tr key={row}>
                <th scope="row">{label}</th>
                {data.series.map((s, i) => (
                  <td key={i}>{s.values[row] === undefined ? '–' : number.format(s.values[row]!)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Round tick values covering [min, max], about five of them. */
function niceTicks(min: number, max: number): number[] {
  if (min === max) max = min + 1;
  const rough = (max - min) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= Math.ceil(max / step) * step + step / 2; v += step)
    ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

function Cartesian({ data, kind, format }: { data: ChartData; kind: 'bar' | 'line'; format: (n: number) => string }) {
  const values = data.series.flatMap((s) => s.values.slice(0, data.labels.length));
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0]!;
  const hi = ticks.at(-1)!;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((hi - v) / (hi - lo)) * plotH;
  const band = plotW / data.labels.length;
  const cx0 = (i: number) => PAD.left + band * i + band / 2;
  const every = Math.ceil(data.labels.length / MAX_AXIS_LABELS);

  const marks: ReactNode[] = [];
  if (kind === 'bar') {
    const groupW = band * 0.78;
    const barW = groupW / data.series.length;
    data.series.forEach((s, si) => {
      data.labels.forEach((label, li) => {
        const v = s.values[li];
        if (v === undefined) return;
        const top = y(Math.max(v, 0));
        marks.push(
          <rect
            key={`${si}-${li}`}
            className={cx('chart-fill', color(si))}
            x={PAD.left + band * li + (band - groupW) / 2 + barW * si}
            y={top}
            width={Math.max(barW - 2, 1)}
            height={Math.max(y(Math.min(v, 0)) - top, 0.5)}
            rx={2}
          >
            <title>{`${label}, ${s.name}: ${format(v)}`}</title>
          </rect>,
        );
      });
    });
  } else {
    data.series.forEach((s, si) => {
      const points = data.labels.flatMap((_, li) => (s.values[li] === undefined ? [] : [[cx0(li), y(s.values[li]!)] as const]));
      marks.push(
        <polyline
          key={`line-${si}`}
          className={cx('chart-stroke', color(si))}
          fill="none"
          strokeWidth={2.5}
          strokeLinejoin="round"
          strokeLinecap="round"
          points={points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}
        />,
      );
      data.labels.forEach((label, li) => {
        const v = s.values[li];
        if (v === undefined) return;
        marks.push(
          <circle key={`pt-${si}-${li}`} className={cx('chart-fill', 'chart-point', color(si))} cx={cx0(li)} cy={y(v)} r={4}>
            <title>{`${label}, ${s.name}: ${format(v)}`}</title>
          </circle>,
        );
      });
    });
  }

  return (
    <g className="chart-plot">
      {ticks.map((t) => (
        <g key={t} className="chart-tick">
          <line className={cx('chart-gridline', t === 0 && 'chart-baseline')} x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
          <text className="chart-axis-text" x={PAD.left - 8} y={y(t)} dy="0.35em" textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
      {data.labels.map((label, i) =>
        i % every === 0 ? (
          <text key={i} className="chart-axis-text" x={cx0(i)} y={H - PAD.bottom + 18} textAnchor="middle">
            {label.length > 14 ? `${label.slice(0, 13)}…` : label}
          </text>
        ) : null,
      )}
      {data.yAxisLabel && (
        <text className="chart-axis-title" transform={`translate(11 ${PAD.top + plotH / 2}) rotate(-90)`} textAnchor="middle">
          {data.yAxisLabel}
        </text>
      )}
      {marks}
    </g>
  );
}

function Pie({ data, format }: { data: ChartData; format: (n: number) => string }) {
  const series = data.series[0]!;
  const slices = data.labels.map((label, i) => ({ label, i, value: Math.max(0, series.values[i] ?? 0) }));
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const r = (H - 32) / 2;
  const centre = { x: W / 2, y: H / 2 };
  if (total === 0) {
    return <circle className="chart-empty" cx={centre.x} cy={centre.y} r={r} />;
  }
  let angle = -Math.PI / 2;
  const at = (a: number) => `${(centre.x + r * Math.cos(a)).toFixed(2)} ${(centre.y + r * Math.sin(a)).toFixed(2)}`;
  return (
    <g className="chart-plot">
      {slices
        .filter((s) => s.value > 0)
        .map((s) => {
          const share = s.value / total;
          const label = `${s.label}: ${format(s.value)} (${Math.round(share * 100)}%)`;
          if (share >= 0.9999) {
            return (
              <circle key={s.i} className={cx('chart-fill', 'chart-slice', color(s.i))} cx={centre.x} cy={centre.y} r={r}>
                <title>{label}</title>
              </circle>
            );
          }
          const start = angle;
          angle += share * Math.PI * 2;
          const d = `M ${centre.x} ${centre.y} L ${at(start)} A ${r} ${r} 0 ${share > 0.5 ? 1 : 0} 1 ${at(angle)} Z`;
          return (
            <path key={s.i} className={cx('chart-fill', 'chart-slice', color(s.i))} d={d}>
              <title>{label}</title>
            </path>
          );
        })}
    </g>
  );
}
