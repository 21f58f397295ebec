/**
 * Debug-only timing of the motion system. Off unless `localStorage.fm_debug_motion`
 * is '1'; then each metric keeps its last 100 samples and a slow one is reported in the console.
 */
export const MOTION_DEBUG_STORAGE_KEY = 'fm_debug_motion';
export const SAMPLES_PER_METRIC = 100;
/** Budget per single measurement, in milliseconds. */
export const MOTION_BUDGETS_MS = {
  frame: 16.67,
  deviceDetection: 5000,
  contextUpdate: 1,
  cssUpdate: 0.5,
} as const;
/** A benchmark run is flagged when a metric's average, its 95th percentile or the memory growth pass these. */
export const BENCHMARK_FLAGS = { averageMs: 16, p95Ms: 50, memoryBytes: 1024 * 1024 } as const;

export type MotionMetric = keyof typeof MOTION_BUDGETS_MS;

export interface MetricSummary {
  count: number;
  averageMs: number;
  p95Ms: number;
  overBudget: number;
}

export class MotionPerformanceMonitor {
  private readonly samples = new Map<MotionMetric, number[]>();
  private readonly startMemory = readHeapBytes();

  constructor(private readonly report: (message: string) => void = (m) => console.warn(m)) {}

  record(metric: MotionMetric, ms: number): void {
    const list = this.samples.get(metric) ?? [];
    list.push(ms);
    if (list.length > SAMPLES_PER_METRIC) list.shift();
    this.samples.set(metric, list);
    if (ms > MOTION_BUDGETS_MS[metric]) {
      this.report(`[motion] ${metric} took ${ms.toFixed(2)} ms (budget ${MOTION_BUDGETS_MS[metric]} ms)`);
    }
  }

  /** Times `work` and records it under `metric`. */
  measure<T>(metric: MotionMetric, work: () => T): T {
    const started = performance.now();
    const result = work();
    this.record(metric, performance.now() - started);
    return result;
  }

  summary(metric: MotionMetric): MetricSummary {
    const list = [...(this.samples.get(metric) ?? [])].sort((a, b) => a - b);
    const count = list.length;
    return {
      count,
      averageMs: count ? list.reduce((sum, v) => sum + v, 0) / count : 0,
      p95Ms: count ? list[Math.min(count - 1, Math.ceil(0.95 * count) - 1)]! : 0,
      overBudget: list.filter((v) => v > MOTION_BUDGETS_MS[metric]).length,
    };
  }

  /** The benchmark verdict: which of the budgets above were crossed. */
  flags(): string[] {
    const found: string[] = [];
    for (const metric of this.samples.keys()) {
      const { averageMs, p95Ms } = this.summary(metric);
      if (averageMs > BENCHMARK_FLAGS.averageMs) found.push(`${metric}: average ${averageMs.toFixed(1)} ms`);
      if (p95Ms > BENCHMARK_FLAGS.p95Ms) found.push(`${metric}: p95 ${p95Ms.toFixed(1)} ms`);
    }
    const heap = readHeapBytes();
    if (heap !== null && this.startMemory !== null && heap - this.startMemory > BENCHMARK_FLAGS.memoryBytes) {
      found.push(`memory grew ${((heap - this.startMemory) / 1024 / 1024).toFixed(1)} MB`);
    }
    return found;
  }
}

function readHeapBytes(): number | null {
  const memory = (globalThis.performance as { memory?: { usedJSHeapSize?: number } } | undefined)?.memory;
  return typeof memory?.usedJSHeapSize === 'number' ? memory.usedJSHeapSize : null;
}

export function isMotionDebugEnabled(): boolean {
  try {
    return localStorage.getItem(MOTION_DEBUG_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}
