import { statfs } from 'node:fs/promises';
import os from 'node:os';
import v8 from 'node:v8';

export interface MemoryFigures {
  used: number;
  total: number;
  /** 0–100. */
  usagePercentage: number;
}

export interface DiskFigures {
  path: string;
  total: number;
  available: number;
  used: number;
  /** 0–100. */
  usagePercentage: number;
}

export interface ResourceReading {
  memory: { system: MemoryFigures; heap: MemoryFigures; rss: number; external: number };
  cpu: { cpuCount: number; loadAverage: [number, number, number]; loadPercentage: number };
  uptime: { processSeconds: number; systemSeconds: number };
  /** Null when the file system cannot be read. */
  disk: DiskFigures | null;
}

const percent = (used: number, total: number) => (total <= 0 ? 0 : Math.round((used / total) * 10_000) / 100);

/** Memory of the host (or of the container, when it is limited), heap, CPU, uptime and the data disk. */
export async function readResources(diskPath: string): Promise<ResourceReading> {
  const constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  const hostTotal = os.totalmem();
  const isContainerLimited = constrained > 0 && constrained < hostTotal;
  const memoryUsage = process.memoryUsage();
  const systemTotal = isContainerLimited ? constrained : hostTotal;
  const systemUsed = isContainerLimited
    ? Math.max(0, constrained - (process.availableMemory?.() ?? constrained - memoryUsage.rss))
    : hostTotal - os.freemem();
  const heapStats = v8.getHeapStatistics();
  const cpuCount = os.availableParallelism?.() ?? os.cpus().length;
  const [one, five, fifteen] = os.loadavg() as [number, number, number];
  return {
    memory: {
      system: { used: systemUsed, total: systemTotal, usagePercentage: percent(systemUsed, systemTotal) },
      // The heap's ceiling is V8's limit, not its current size, which always looks nearly full.
      heap: {
        used: heapStats.used_heap_size,
        total: heapStats.heap_size_limit,
        usagePercentage: percent(heapStats.used_heap_size, heapStats.heap_size_limit),
      },
      rss: memoryUsage.rss,
      external: memoryUsage.external,
    },
    cpu: {
      cpuCount,
      loadAverage: [one, five, fifteen].map((v) => Math.round(v * 100) / 100) as [number, number, number],
      loadPercentage: percent(one, cpuCount),
    },
    uptime: { processSeconds: Math.round(process.uptime()), systemSeconds: Math.round(os.uptime()) },
    disk: await readDisk(diskPath),
  };
}

async function readDisk(diskPath: string): Promise<DiskFigures | null> {
  try {
    const stats = await statfs(diskPath);
    const total = stats.blocks * stats.bsize;
    const available = stats.bavail * stats.bsize;
    const used = total - stats.bfree * stats.bsize;
    // Usage as `df` shows it: used over what non-root users can have.
    return { path: diskPath, total, available, used, usagePercentage: percent(used, used + available) };
  } catch {
    return null;
  }
}
