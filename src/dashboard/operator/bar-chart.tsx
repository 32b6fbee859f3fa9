import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarSeries {
  label: string;
  values: number[];
  /** A CSS colour; the theme's chart colours by default. */
  color: string;
}

interface BarChartProps {
  /** The x axis: one label per bar group (days). */
  days: string[];
  series: BarSeries[];
  /** How the y axis writes a value. */
  format: (value: number) => string;
  /** Counts: ticks on whole numbers only. */
  whole?: boolean;
  /** What the chart shows, for screen readers (the figure's caption names it for everyone). */
  summary: string;
  height?: number;
}

/**
 * Bars per day, drawn by uPlot on a canvas sized to its container (it redraws when the container
 * changes width, so it fits a phone and a desktop). The figure around it carries the caption.
 */
export function BarChart({ days, series, format, whole = false, summary, height = 200 }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((_, i) => i);
    // Side by side when there are two series: each half the width, one left and one right of the day.
    const barsAt = (i: number) =>
      series.length > 1 ? uPlot.paths.bars?.({ size: [0.4, 20], align: i === 0 ? -1 : 1, gap: 0 }) : uPlot.paths.bars?.({ size: [0.7, 40], gap: 1 });
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, days.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(max, whole ? 4 : 1)] } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((i) => (Number.isInteger(i) ? (days[i]?.slice(5) ?? '') : '')),
            stroke: 'currentColor',
            grid: { show: false },
          },
          {
            values: (_u, ticks) => ticks.map(format),
            ...(whole ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] } : {}),
            stroke: 'currentColor',
            size: 60,
            grid: { stroke: 'rgba(127,127,127,0.15)' },
          },
        ],
        series: [{}, ...series.map((s, i) => ({ label: s.label, fill: s.color, stroke: s.color, paths: barsAt(i), points: { show: false } }))],
      },
      [xs, ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, format, whole, height]);

  return (
    <div className="space-y-2">
      <div ref={box} role="img" aria-label={summary} className="w-full text-muted-foreground" />
      {series.length > 1 && (
        <ul className="flex flex-wrap justify-center gap-4 text-xs text-muted-foreground">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
