interface Props {
  values: number[];
  /** This session's running value, drawn last and marked. */
  current: number | null;
  label: string;
}

const W = 132;
const H = 40;
const PAD = 4;

/** Percent correct over recent sessions as a small line (0–100 %), no chart library. */
export function Sparkline({ values, current, label }: Props) {
  const all = current === null ? values : [...values, current];
  if (all.length === 0) {
    return (
      <span className="sparkline sparkline--empty muted" role="img" aria-label={`${label}: no earlier sessions`}>
        No history yet
      </span>
    );
  }
  const x = (i: number) => (all.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (all.length - 1));
  const y = (v: number) => H - PAD - (Math.max(0, Math.min(100, v)) * (H - 2 * PAD)) / 100;
  const line = all.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const spoken = `${label}: ${values.length ? `${values.map((v) => `${v}%`).join(', ')} in earlier sessions` : 'no earlier sessions'}${current === null ? '' : `; ${current}% this session`}`;
  return (
    <svg className="sparkline" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={spoken}>
      <line x1={PAD} x2={W - PAD} y1={y(80)} y2={y(80)} className="sparkline__goal" />
      <polyline points={line} className="sparkline__line" />
      {all.map((v, i) => (
        <circle
          key={i}
          cx={x(i)}
          cy={y(v)}
          r={current !== null && i === all.length - 1 ? 4 : 2.5}
          className={current !== null && i === all.length - 1 ? 'sparkline__now' : 'sparkline__dot'}
        />
      ))}
    </svg>
  );
}
