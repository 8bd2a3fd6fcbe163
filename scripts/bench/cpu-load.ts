import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * A steady background CPU load for the "busy CPU" rows: what a tablet does when another app (a
 * second browser, a video call) keeps one core busy. One process at normal priority spinning on
 * integer arithmetic, so the load is the same every run: no I/O, no allocation, no timers that
 * could make it bursty. It yields to its own event loop every 20 ms only to notice that the bench
 * went away (its stdin closes), and it ends by itself after `maxMs` whatever happens.
 */
const SPIN = `
const maxMs = Number(process.argv[1]);
const end = Date.now() + maxMs;
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
let x = 1;
function spin() {
  const until = performance.now() + 20;
  while (performance.now() < until) {
    for (let i = 0; i < 1000; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  }
  if (Date.now() > end) process.exit(0);
  setImmediate(spin);
}
spin();
`;

export interface CpuLoad {
  /** Stops the load; resolves with the share of one core it got while it ran (null where unknown). */
  stop: () => Promise<{ seconds: number; coreShare: number | null }>;
}

/** A process's /proc/<pid>/stat fields after the command name (Linux); null elsewhere or once it is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields start after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds a process used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number): number | null {
  const fields = statFields(pid);
  // utime + stime, in USER_HZ (100 on Linux)
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : null;
}

export function startCpuLoad(maxMs = 15 * 60_000): CpuLoad {
  const child = spawn(process.execPath, ['-e', SPIN, String(maxMs)], { stdio: ['pipe', 'ignore', 'inherit'] });
  const startedAt = performance.now();
  const startCpu = child.pid === undefined ? null : cpuSeconds(child.pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // If the bench itself dies, the pipe closes and the child exits; this covers a normal exit too.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let stopped: Promise<{ seconds: number; coreShare: number | null }> | null = null;
  return {
    stop: () => {
      stopped ??= (async () => {
        const seconds = (performance.now() - startedAt) / 1000;
        const endCpu = child.pid === undefined ? null : cpuSeconds(child.pid);
        child.kill('SIGTERM');
        const timer = setTimeout(kill, 2000);
        await exited;
        clearTimeout(timer);
        process.removeListener('exit', kill);
        const coreShare = startCpu !== null && endCpu !== null && seconds > 0 ? (endCpu - startCpu) / seconds : null;
        return { seconds, coreShare };
      })();
      return stopped;
    },
  };
}

/** The processes below `root` (children, their children…) whose command line contains `match` (Linux; else none). */
function descendants(root: number, match: string): number[] {
  let pids: number[];
  try {
    pids = fs
      .readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .map(Number);
  } catch {
    return [];
  }
  const parentOf = new Map<number, number>();
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) {
      parentOf.set(pid, Number(fields[1]));
    }
  }
  const isBelow = (pid: number) => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) {
      if (p === root) {
        return true;
      }
    }
    return false;
  };
  return [...parentOf.keys()].filter((pid) => {
    try {
      return isBelow(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(match);
    } catch {
      return false;
    }
  });
}

/**
 * The share of one core this process's browser renderers use over `ms` (Linux; else null). Measured
 * on an idle page at 4x throttling it shows what the throttle itself costs: Chromium slows the page's
 * main thread by interrupting it every 200 µs and spinning in a signal handler for three times the
 * wall time it ran (blink's thread_cpu_throttler.cc), so even an idle throttled page keeps about a
 * core busy. With the background load on the other core, a 2-core machine then has no core left
 * for IndexedDB's thread in the browser process: the busy rows measure that, taps and floor alike.
 */
export async function rendererCoreShare(ms: number): Promise<number | null> {
  const pids = descendants(process.pid, '--type=renderer');
  const before = pids.map(cpuSeconds);
  if (pids.length === 0 || before.some((s) => s === null)) {
    return null;
  }
  const startedAt = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const after = pids.map(cpuSeconds);
  const seconds = (performance.now() - startedAt) / 1000;
  if (after.some((s) => s === null)) {
    return null; // a renderer went away meanwhile
  }
  const used = after.reduce<number>((sum, a, i) => sum + (a as number) - (before[i] as number), 0);
  return used / seconds;
}
