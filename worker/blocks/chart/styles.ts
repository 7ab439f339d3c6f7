// The chart block's CSS: the SVG's marks, axes and palette, and the legend.
import { MOBILE_MAX } from '../parts/styles.ts';

export const styles = `
.block-chart .chart-block{margin:0}
.block-chart .chart-title{font-size:1.35rem;margin:0 0 .75rem}
.block-chart .chart-svg{display:block;width:100%;height:auto;max-height:420px}
.block-chart .chart-pie .chart-svg{max-width:340px;margin:0 auto}
.block-chart .chart-gridline{stroke:var(--border);stroke-width:1}
.block-chart .chart-baseline{stroke:var(--muted)}
.block-chart .chart-axis-text{fill:var(--muted);font-size:13px;font-family:var(--body-font)}
.block-chart .chart-axis-title{fill:var(--muted);font-size:12px;font-family:var(--body-font)}
.block-chart .chart-fill{fill:var(--c)}
.block-chart .chart-stroke{stroke:var(--c)}
.block-chart .chart-point{stroke:var(--bg);stroke-width:2}
.block-chart .chart-slice{stroke:var(--bg);stroke-width:2}
.block-chart .chart-empty{fill:var(--surface);stroke:var(--border)}
.block-chart .chart-c0{--c:var(--accent)}
.block-chart .chart-c1{--c:#d9773a}
.block-chart .chart-c2{--c:#4a7fc1}
.block-chart .chart-c3{--c:#c9a227}
.block-chart .chart-c4{--c:#8a5cb0}
.block-chart .chart-c5{--c:#2f9c91}
.block-chart .chart-c6{--c:#cf5479}
.block-chart .chart-c7{--c:#6b7280}
.block-chart .chart-legend{list-style:none;margin:1rem 0 0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.4rem 1.25rem;font-size:.88rem}
.block-chart .chart-legend li{display:flex;align-items:center;gap:.45rem}
@media (max-width:${MOBILE_MAX}px){.block-chart .chart-axis-text{font-size:16px}.block-chart .chart-axis-title{font-size:15px}}
.block-chart .chart-swatch{width:.85rem;height:.85rem;border-radius:3px;background:var(--c)}
`;
