import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardDay } from '../../../../contract/dashboards';
import { calendarDayPart } from '../../../shared/ui/time-zones';

const dayLabel = (date: string) => calendarDayPart(date, 'weekday');

/** Colours of the three kinds of session, from the theme (the chart's canvas cannot read CSS variables itself). */
const KINDS = [
  { key: 'sessions_done', label: 'Done', color: '--ion-color-success' },
  { key: 'sessions_planned', label: 'Planned', color: '--ion-color-primary' },
  { key: 'sessions_cancelled', label: 'Cancelled or no-show', color: '--ion-color-medium' },
] as const;

/**
 * The week's sessions per day as stacked bars (uPlot: a small canvas chart; the same figures are in
 * the table beside it for screen readers and for copying). Stacking is drawn as cumulative bars,
 * the tallest first, each covering the one under it.
 */
export function WeekChart({ days }: { days: DashboardDay[] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) {
      return;
    }
    const style = getComputedStyle(element);
    const colour = (variable: string) => style.getPropertyValue(variable).trim() || '#888';
    const x = days.map((_, i) => i);
    let running = days.map(() => 0);
    const stacked = KINDS.map((kind) => (running = running.map((sum, i) => sum + days[i]![kind.key])));
    const bars = uPlot.paths.bars!({ size: [0.6, 48] });
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, days.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((i) => (days[i] ? dayLabel(days[i].date) : '')),
            splits: () => x,
            stroke: colour('--ion-text-color'),
          },
          { stroke: colour('--ion-text-color'), incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500] },
        ],
        // The tallest (all kinds) first, so each shorter stack is drawn over it.
        series: [
          {},
          ...[...KINDS].reverse().map((kind) => ({
            label: kind.label,
            fill: colour(kind.color),
            stroke: colour(kind.color),
            paths: bars,
            points: { show: false },
          })),
        ],
      },
      [x, ...[...stacked].reverse()],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  return (
    <figure className="week-chart">
      <div ref={host} className="week-chart__canvas" aria-hidden="true" />
      <figcaption>
        <ul className="week-chart__legend">
          {KINDS.map((kind) => (
            <li key={kind.key}>
              <span className="week-chart__swatch" style={{ background: `var(${kind.color})` }} aria-hidden="true" />
              {kind.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <WeekTable days={days} />
    </figure>
  );
}

/** The chart's figures as a table, for screen readers and for copying (the canvas is hidden from them). */
function WeekTable({ days }: { days: DashboardDay[] }) {
  return (
    <table className="visually-hidden">
      <caption>Sessions and data points per day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          {KINDS.map((kind) => (
            <th key={kind.key} scope="col">
              {kind.label}
            </th>
          ))}
          <th scope="col">Data points</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row">{dayLabel(day.date)}</th>
            {KINDS.map((kind) => (
              <td key={kind.key}>{day[kind.key]}</td>
            ))}
            <td>{day.data_points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
