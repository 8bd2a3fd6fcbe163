import uPlot from 'uplot';

/** Room above the plot for three rows of phase labels, CSS pixels. */
export const PHASE_LABEL_ROOM = 52;
const ROW = 15;
const LABEL_MAX = 240;
const FONT = '12px system-ui, sans-serif';

/**
 * The path of every line stops at each phase line, as a supervisor's graph shows it: a level or
 * trend is read within a phase, never across a change of teaching. The gap runs from the point
 * before the phase line to the point after it; the points themselves are drawn apart from the path.
 * A session without data for a target is not a gap: its line goes on to the target's next point
 * (uPlot's null gaps are left out, so the series keep `spanGaps` off only for these).
 */
export function phaseGaps(phases: { x: number }[]) {
  return (u: uPlot): [number, number][] => {
    const gaps: [number, number][] = [];
    for (const { x } of phases) {
      const left = u.valToPos(Math.floor(x), 'x', true);
      const right = u.valToPos(Math.ceil(x), 'x', true);
      if (x > 0 && right > left) {
        gaps.push([left, right]);
      }
    }
    return gaps.sort((a, b) => a[0] - b[0]);
  };
}

/** The text cut to `max` pixels with an ellipsis. */
function fitted(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) {
    return text;
  }
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) {
    cut = cut.slice(0, -1);
  }
  return `${cut.trimEnd()}…`;
}

/**
 * Phase lines: a dashed vertical line half-way between two sessions, its label above the plot.
 * Labels take the first of three rows where they do not run into the one before; when all three
 * are taken they go to the row whose last label ends first, cut to the room left.
 */
export function drawPhases(u: uPlot, phases: { x: number; label: string }[], colour: string) {
  const { ctx, bbox } = u;
  const pr = uPlot.pxRatio;
  const rowsEnd = [-Infinity, -Infinity, -Infinity];
  ctx.save();
  ctx.font = FONT.replace('12px', `${12 * pr}px`);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const phase of [...phases].sort((a, b) => a.x - b.x)) {
    const x = Math.round(u.valToPos(phase.x, 'x', true)) + 0.5;
    const free = rowsEnd.findIndex((end) => end + 6 * pr < x);
    const row = free === -1 ? rowsEnd.indexOf(Math.min(...rowsEnd)) : free;
    const y = (row + 0.5) * ROW * pr + 2 * pr;
    const room = Math.min(LABEL_MAX * pr, u.ctx.canvas.width - x - 6 * pr);
    const text = fitted(ctx, phase.label, Math.max(room, 60 * pr));
    const width = ctx.measureText(text).width;
    // Near the right edge the label goes to the left of its line.
    const left = x + 4 * pr + width > u.ctx.canvas.width ? x - 4 * pr - width : x + 4 * pr;
    rowsEnd[row] = Math.max(left + width, x);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.5 * pr;
    ctx.setLineDash([6 * pr, 4 * pr]);
    ctx.beginPath();
    ctx.moveTo(x, y - ROW * pr * 0.4);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.fillRect(left - 2 * pr, y - 7 * pr, width + 4 * pr, 14 * pr);
    ctx.fillStyle = colour;
    ctx.fillText(text, left, y);
  }
  ctx.restore();
}

interface Markers {
  /** Per session, the colour of the most intrusive prompt used (null: none), for a discrete goal; else null. */
  prompts: (string | null)[] | null;
  /** Where a line (index into the lines) was mastered: the session index, and a row for its label. */
  mastered: { line: number; at: number; row: number }[];
  text: string;
}

/**
 * The goal's own points filled with the colour of the most intrusive prompt used in the session
 * (hollow: no prompt), while the sessions are far enough apart to tell points apart; and each
 * mastery as a ring around its point, labelled. Answers whether the prompt colours were drawn.
 */
export function drawMarkers(u: uPlot, { prompts, mastered, text }: Markers): boolean {
  const { ctx } = u;
  const pr = uPlot.pxRatio;
  const spacing = u.data[0].length > 1 ? Math.abs(u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true)) : Infinity;
  ctx.save();
  const coloured = prompts !== null && spacing >= 7 * pr;
  if (prompts && coloured) {
    const values = u.data[1]!;
    prompts.forEach((colour, i) => {
      const value = values[i];
      if (value === null || value === undefined) {
        return;
      }
      ctx.beginPath();
      ctx.arc(u.valToPos(i, 'x', true), u.valToPos(value, 'y', true), 5 * pr, 0, 2 * Math.PI);
      ctx.fillStyle = colour ?? '#ffffff';
      ctx.fill();
      ctx.lineWidth = 1.5 * pr;
      ctx.strokeStyle = text;
      ctx.stroke();
    });
  }
  ctx.font = `bold ${11 * pr}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  for (const m of mastered) {
    const value = u.data[m.line + 1]?.[m.at];
    if (value === null || value === undefined) {
      continue;
    }
    const [cx, cy] = [u.valToPos(m.at, 'x', true), u.valToPos(value, 'y', true)];
    ctx.beginPath();
    ctx.arc(cx, cy, 9 * pr, 0, 2 * Math.PI);
    ctx.lineWidth = 2 * pr;
    ctx.strokeStyle = '#1b7837';
    ctx.stroke();
    ctx.fillStyle = '#1b7837';
    ctx.fillText('★ Mastered', cx, Math.max(cy - (14 + 13 * m.row) * pr, u.bbox.top + 8 * pr));
  }
  ctx.restore();
  return coloured;
}
