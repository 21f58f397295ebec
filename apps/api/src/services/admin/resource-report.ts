import type { AppDeps } from '../../deps.js';
import {
  LOW_DISK_BYTES,
  LOW_DISK_PERCENT,
  MEMORY_WARNING_PERCENT,
  resourceBand,
  worstStatus,
  type HealthStatus,
} from '../../monitoring/health-bands.js';
import { formatDuration } from '@fm/contract';
import { readResources, type ResourceReading } from '../../monitoring/resources.js';

export type Priority = 'high' | 'medium' | 'low';

export interface Recommendation {
  type: string;
  priority: Priority;
  message: string;
  action: string;
}

const bandStatus = (percent: number): HealthStatus => {
  const band = resourceBand(percent);
  return band === 'good' ? 'healthy' : band;
};

/** What to do about the figures, most urgent first (by the health bands). */
export function recommendResources(reading: ResourceReading): Recommendation[] {
  const recommendations: Recommendation[] = [];
  const { system, heap } = reading.memory;
  if (system.usagePercentage > MEMORY_WARNING_PERCENT) {
    recommendations.push({
      type: 'memory',
      priority: 'high',
      message: `System memory is ${system.usagePercentage}% used (warning above ${MEMORY_WARNING_PERCENT}%).`,
      action: 'Add memory to the host or move other workloads off it.',
    });
  } else if (resourceBand(system.usagePercentage) !== 'good') {
    recommendations.push({
      type: 'memory',
      priority: 'low',
      message: `System memory is ${system.usagePercentage}% used.`,
      action: 'Keep an eye on memory growth.',
    });
  }
  if (resourceBand(heap.usagePercentage) === 'critical') {
    recommendations.push({
      type: 'heap',
      priority: 'high',
      message: `The JavaScript heap is ${heap.usagePercentage}% of its limit.`,
      action: 'Look for a memory leak, or raise the heap limit (--max-old-space-size).',
    });
  } else if (resourceBand(heap.usagePercentage) === 'warning') {
    recommendations.push({
      type: 'heap',
      priority: 'medium',
      message: `The JavaScript heap is ${heap.usagePercentage}% of its limit.`,
      action: 'Watch the heap; restart the process if it keeps growing.',
    });
  }
  const cpuBand = resourceBand(reading.cpu.loadPercentage);
  if (cpuBand !== 'good') {
    recommendations.push({
      type: 'cpu',
      priority: cpuBand === 'critical' ? 'high' : 'medium',
      message: `CPU load is ${reading.cpu.loadPercentage}% of ${reading.cpu.cpuCount} cores.`,
      action: 'Add CPU cores or run more API processes behind a load balancer.',
    });
  }
  const disk = reading.disk;
  if (disk && (disk.usagePercentage > LOW_DISK_PERCENT || disk.available < LOW_DISK_BYTES)) {
    recommendations.push({
      type: 'disk',
      priority: 'high',
      message: `The data disk is ${disk.usagePercentage}% full.`,
      action: 'Free space: clean up old analytics events, or grow the disk.',
    });
  } else if (disk && resourceBand(disk.usagePercentage) !== 'good') {
    recommendations.push({
      type: 'disk',
      priority: resourceBand(disk.usagePercentage) === 'critical' ? 'medium' : 'low',
      message: `The data disk is ${disk.usagePercentage}% full.`,
      action: 'Plan for more disk space, or clean up old analytics events.',
    });
  }
  const order: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
  return recommendations.sort((a, b) => order[a.priority] - order[b.priority]);
}

/** `GET /admin/system/resources`: memory, CPU, uptime and disk with recommendations. */
export async function getResourceReport(deps: Pick<AppDeps, 'config'>) {
  const reading = await readResources(deps.config.dataDir);
  const { memory, cpu, uptime, disk } = reading;
  const diskStatus: HealthStatus = !disk
    ? 'unknown'
    : disk.available < LOW_DISK_BYTES
      ? 'critical'
      : bandStatus(disk.usagePercentage);
  const memoryStatus: HealthStatus =
    memory.system.usagePercentage > MEMORY_WARNING_PERCENT ? 'warning' : 'healthy';
  return {
    status: worstStatus([
      memoryStatus,
      bandStatus(memory.heap.usagePercentage),
      bandStatus(cpu.loadPercentage),
      diskStatus,
    ]),
    timestamp: new Date().toISOString(),
    memory: {
      system: { ...memory.system, status: memoryStatus, band: resourceBand(memory.system.usagePercentage) },
      heap: { ...memory.heap, band: resourceBand(memory.heap.usagePercentage) },
      rss: memory.rss,
      external: memory.external,
    },
    cpu: { ...cpu, band: resourceBand(cpu.loadPercentage) },
    uptime: {
      process: uptime.processSeconds,
      system: uptime.systemSeconds,
      processFormatted: formatDuration(uptime.processSeconds),
      systemFormatted: formatDuration(uptime.systemSeconds),
    },
    disk: disk
      ? { ...disk, status: diskStatus, band: resourceBand(disk.usagePercentage) }
      : {
          path: deps.config.dataDir,
          total: 0,
          available: 0,
          used: 0,
          usagePercentage: 0,
          status: diskStatus,
          band: 'good' as const,
        },
    recommendations: recommendResources(reading),
  };
}
