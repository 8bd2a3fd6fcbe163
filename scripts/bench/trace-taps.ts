/**
 * What runs on the page's main thread while a tap waits (BENCH_TRACE): a Chromium trace gives each
 * tap's window (a `bench-tap` performance.measure) and the main thread's tasks, a V8 CPU profile over
 * the same time gives the JavaScript inside them (both in the same monotonic microseconds). Each
 * sample inside a tap window is put in a bucket by the first known function on its stack (the
 * outbox's drain, the indicator's status read, React's render, Dexie, GC, ...), and the slowest taps
 * are compared with the typical ones.
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string; global?: string };
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * What a sample's time was for, in this order of precedence: the first bucket with a frame anywhere
 * on the stack wins (so a drain step resumed by Dexie's promise machinery still counts as the drain).
 * Names are the unminified build's (BENCH_TRACE builds without minifying).
 */
const BUCKETS: [bucket: string, test: (fn: string, url: string) => boolean][] = [
  [
    'outbox drain',
    (fn) =>
      /^(drain|drainLane|laneHead|laneNames|nextGroup|readLaneMeta|whyNotNow|sendGroup|settle|confirmDelivered|releaseBatch|pauseUnlessStale|retryLater|setAside|requestFor|judge|runDrain|drainHere|drainInWorker|fetchSender|kick)$/.test(
        fn,
      ),
  ],
  ['indicator status read/emit', (fn) => /^(status|emit|scheduleEmit|subscribe|SyncIndicator|SyncPanel)$/.test(fn)],
  ['tap commit (enqueue)', (fn) => /^(enqueue|commitWithOp|stamp|recordTrial|startUpsert)$/.test(fn)],
  [
    'React render/commit',
    (fn) =>
      /^(performWorkOnRoot|performWorkOnRootViaSchedulerTask|performSyncWorkOnRoot|flushSyncWorkAcrossRoots_impl|flushSyncWorkOnAllRoots|renderRootSync|renderRootConcurrent|commitRoot|commitRootImpl|flushPassiveEffects|workLoopSync|workLoopConcurrent|workLoopConcurrentByScheduler)$/.test(
        fn,
      ),
  ],
  ['React event dispatch', (fn) => /^(dispatchDiscreteEvent|dispatchEvent|dispatchEventForPluginEventSystem|batchedUpdates)$/.test(fn)],
  [
    'Dexie (promise zones, requests)',
    (fn, url) =>
      /dexie/i.test(url) ||
      /^(callListener|successHandler|endMicroTickScope|propagateAllListeners|propagateToListener|switchToZone|zoneLeaveEcho|zoneEnterEcho|rebalance|getRangeSet|physicalTick|executePromiseTask|finalizer|snapShot|Table\._trans|usePSD|newScope|tempTransaction|DexiePromise|Transaction)$/.test(
        fn,
      ),
  ],
  ['Ionic/Stencil (web components)', (fn, url) => /ionic|stencil/i.test(url) || /\/p-[\w-]+\.js$/.test(url)],
  ['tap loop (bench)', (fn) => /^tapLoop\d*$/.test(fn)],
];

function bucketOf(stack: ProfileNode[]): string {
  for (const [bucket, test] of BUCKETS) {
    if (stack.some((node) => test(node.callFrame.functionName, node.callFrame.url))) {
      return bucket;
    }
  }
  const leaf = stack[stack.length - 1]?.callFrame;
  if (!leaf) {
    return '?';
  }
  if (leaf.functionName === '(garbage collector)') {
    return 'GC';
  }
  if (leaf.functionName === '(idle)') {
    return 'idle (waiting: IndexedDB, other processes)';
  }
  if (leaf.functionName === '(program)') {
    return 'browser work outside JS (style, layout, paint, IPC, IndexedDB callbacks)';
  }
  if (leaf.functionName === '(root)') {
    return '?';
  }
  return `other JS: ${leaf.functionName || '(anonymous)'} ${leaf.url.split('/').pop() ?? ''}:${leaf.lineNumber}`;
}

export interface TapTraceReport {
  taps: number;
  slowThresholdMs: number;
  slow: {
    n: number;
    meanMs: number;
    msPerTapByBucket: Record<string, number>;
    topFunctions: [string, number][];
    longTasks: { ms: number; what: string }[];
  };
  typical: { n: number; meanMs: number; msPerTapByBucket: Record<string, number>; topFunctions: [string, number][] };
  /** Main-thread tasks of 50 ms or more during the traced taps, with what ran in them. */
  longTasksAll: { ms: number; what: string }[];
  /** The ten slowest taps: each main-thread task (≥ 1 ms) inside the tap's window, from the click on. */
  slowest: { ms: number; tasks: { atMs: number; ms: number; what: string }[] }[];
}

export function analyzeTapTrace(traceJson: string, profile: CpuProfile): TapTraceReport {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);

  // Tap windows: the async events of performance.measure('bench-tap', ...).
  const begins = new Map<string, TraceEvent>();
  const windows: { start: number; end: number; pid: number; tid: number }[] = [];
  for (const e of events) {
    if (e.name !== 'bench-tap' || !e.cat.includes('blink.user_timing')) {
      continue;
    }
    const id = e.id ?? e.id2?.local ?? e.id2?.global ?? '';
    if (e.ph === 'b') {
      begins.set(id, e);
    } else if (e.ph === 'e') {
      const b = begins.get(id);
      if (b) {
        windows.push({ start: b.ts, end: e.ts, pid: b.pid, tid: b.tid });
        begins.delete(id);
      }
    }
  }
  if (windows.length === 0) {
    throw new Error('no bench-tap measures in the trace');
  }
  const { pid, tid } = windows[0] as { pid: number; tid: number };
  windows.sort((a, b) => a.start - b.start);
  const durations = windows.map((w) => (w.end - w.start) / 1000).sort((a, b) => a - b);
  const slowThresholdMs = durations[Math.max(0, Math.ceil(0.95 * durations.length) - 1)] as number;
  const medianMs = durations[Math.floor(durations.length / 2)] as number;

  // Main thread top-level tasks: the scheduler's RunTask (older builds: RunTask, which newer ones
  // also nest inside it, so only one of the two names is used).
  const onMain = events.filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && (e.dur ?? 0) > 0);
  const taskName = onMain.some((e) => e.name === 'ThreadControllerImpl::RunTask') ? 'ThreadControllerImpl::RunTask' : 'RunTask';
  const tasks = onMain
    .filter((e) => e.name === taskName)
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0) }))
    .sort((a, b) => a.start - b.start);
  const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest']);
  const rendering = onMain.filter((e) => RENDERING.has(e.name)).map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0) }));

  // Samples with their stacks.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    for (const c of n.children ?? []) {
      parent.set(c, n.id);
    }
  }
  const stackCache = new Map<number, ProfileNode[]>();
  const stackOf = (id: number): ProfileNode[] => {
    const cached = stackCache.get(id);
    if (cached) {
      return cached;
    }
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node) {
        stack.unshift(node);
      }
    }
    stackCache.set(id, stack);
    return stack;
  };
  const samples: { ts: number; dt: number; node: number }[] = [];
  let ts = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    samples.push({ ts, dt: next, node: profile.samples[i] as number });
  }

  const frameName = (node: ProfileNode) => {
    const f = node.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`;
  };
  const summarize = (range: { start: number; end: number }[]) => {
    const buckets = new Map<string, number>();
    const leaves = new Map<string, number>();
    let i = 0;
    for (const w of range) {
      while (i < samples.length && (samples[i] as { ts: number }).ts < w.start) {
        i++;
      }
      for (let j = i; j < samples.length && (samples[j] as { ts: number }).ts <= w.end; j++) {
        const s = samples[j] as { dt: number; node: number };
        const stack = stackOf(s.node);
        const bucket = bucketOf(stack);
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + s.dt / 1000);
        const leaf = stack[stack.length - 1];
        if (leaf && !/^\((idle|program|root)\)$/.test(leaf.callFrame.functionName)) {
          const name = `${bucket} ← ${frameName(leaf)}`;
          leaves.set(name, (leaves.get(name) ?? 0) + s.dt / 1000);
        }
      }
    }
    const per = (v: number) => Math.round((v / Math.max(1, range.length)) * 100) / 100;
    const ranked = [...buckets].sort((a, b) => b[1] - a[1]);
    const named = ranked
      .filter(([k]) => !k.startsWith('other JS: '))
      .concat(ranked.filter(([k]) => k.startsWith('other JS: ')).slice(0, 4));
    const rest = ranked.filter((entry) => !named.includes(entry)).reduce((sum, [, v]) => sum + v, 0);
    return {
      msPerTapByBucket: Object.fromEntries(
        [...named, ...(rest > 0 ? [['other JS (the rest)', rest] as [string, number]] : [])].map(([k, v]) => [k, per(v)]),
      ),
      topFunctions: [...leaves]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([k, v]) => [k, per(v)] as [string, number]),
    };
  };
  const describeTask = (t: { start: number; end: number }) => {
    const inTask = summarize([t]).msPerTapByBucket;
    const frame = rendering.filter((r) => r.start >= t.start && r.end <= t.end).reduce((sum, r) => sum + (r.end - r.start) / 1000, 0);
    const what = [
      ...(frame >= 0.5 ? [['frame: style, layout, paint, commit (trace)', frame] as [string, number]] : []),
      ...Object.entries(inTask),
    ]
      .filter(([, v]) => v >= 0.5)
      .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
      .join(', ');
    return { ms: Math.round((t.end - t.start) / 100) / 10, what };
  };

  const slow = windows.filter((w) => (w.end - w.start) / 1000 >= slowThresholdMs);
  const typical = windows.filter((w) => (w.end - w.start) / 1000 <= medianMs * 1.25);
  const first = windows[0] as { start: number };
  const last = windows[windows.length - 1] as { end: number };
  const overlapping = (w: { start: number; end: number }) => tasks.filter((t) => t.end > w.start && t.start < w.end);
  const slowest = [...windows]
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, 10)
    .map((w) => ({
      ms: Math.round((w.end - w.start) / 100) / 10,
      tasks: overlapping(w)
        .filter((t) => t.end - t.start >= 1000)
        .map((t) => ({ atMs: Math.round((t.start - w.start) / 100) / 10, ...describeTask(t) })),
    }));
  const slowLong = slow.flatMap((w) => overlapping(w).filter((t) => t.end - t.start >= 16_000)).map(describeTask);
  const mean = (ws: { start: number; end: number }[]) =>
    Math.round((ws.reduce((s, w) => s + (w.end - w.start), 0) / Math.max(1, ws.length) / 1000) * 10) / 10;
  return {
    taps: windows.length,
    slowThresholdMs: Math.round(slowThresholdMs * 10) / 10,
    slow: { n: slow.length, meanMs: mean(slow), ...summarize(slow), longTasks: slowLong },
    typical: { n: typical.length, meanMs: mean(typical), ...summarize(typical) },
    slowest,
    longTasksAll: tasks.filter((t) => t.start >= first.start && t.end <= last.end && t.end - t.start >= 50_000).map(describeTask),
  };
}
