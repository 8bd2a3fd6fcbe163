/**
 * How fast the machine's memory answers at this moment: 5 million random reads and writes over
 * 64 MB, the median of nine rounds, in milliseconds (lower is faster). On the shared machines the
 * bench runs on, memory-heavy work (a database in WebAssembly, a browser drawing thousands of
 * events) changes speed by up to twice for minutes at a time while a plain CPU loop keeps its
 * pace; the probe, taken at the start and the end of a run, tells which kind of moment the run's
 * figures come from.
 */
export function memoryProbeMs(): number {
  const cells = new Int32Array((64 * 1024 * 1024) / 4);
  let seed = 1;
  let sum = 0;
  const rounds: number[] = [];
  for (let round = 0; round < 9; round++) {
    const started = performance.now();
    for (let i = 0; i < 5_000_000; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x3fffffff;
      sum += cells[seed & (cells.length - 1)]!++;
    }
    rounds.push(performance.now() - started);
  }
  if (sum < 0) {
    throw new Error('unreachable: keeps the loop from being optimized away');
  }
  return rounds.sort((a, b) => a - b)[4]!;
}
