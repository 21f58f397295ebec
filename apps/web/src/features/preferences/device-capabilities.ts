import type { DeviceCapabilities } from './preferences-defaults';

/** A device check is trusted for 24 hours. */
export const DEVICE_CHECK_CACHE_MS = 24 * 60 * 60 * 1000;
/** The device detection gives up after this long. */
export const DEVICE_DETECTION_TIMEOUT_MS = 5000;
/** One frame at 60 Hz: the motion debug timing flags anything slower. */
export const FRAME_BUDGET_MS = 1000 / 60;
/** A device that cannot hold 30 frames a second is slow for animation. */
export const SLOW_AVERAGE_FRAME_MS = 2 * FRAME_BUDGET_MS;
export const LOW_END_MAX_CORES = 2;
export const LOW_END_MAX_MEMORY_GB = 2;
export const PROBE_FRAMES = 30;

export interface DeviceSignals {
  hardwareConcurrency: number | null;
  deviceMemory: number | null;
  averageFrameMs: number | null;
}

export function isDeviceCheckFresh(lastCheck: number | null, now: number): boolean {
  return lastCheck !== null && now - lastCheck >= 0 && now - lastCheck < DEVICE_CHECK_CACHE_MS;
}

/** Low-end: few cores and little memory together, or animation frames that arrive too slowly. */
export function classifyDevice(signals: DeviceSignals): { isLowEnd: boolean; reason: string | null } {
  const { hardwareConcurrency: cores, deviceMemory: memory, averageFrameMs: frameMs } = signals;
  if (frameMs !== null && frameMs > SLOW_AVERAGE_FRAME_MS) {
    return {
      isLowEnd: true,
      reason: `Animations ran at about ${Math.round(1000 / frameMs)} frames per second on this device.`,
    };
  }
  if (cores !== null && memory !== null && cores <= LOW_END_MAX_CORES && memory <= LOW_END_MAX_MEMORY_GB) {
    return {
      isLowEnd: true,
      reason: `This device reports ${cores} processor cores and ${memory} GB of memory.`,
    };
  }
  return { isLowEnd: false, reason: null };
}

/** The mean time between `frames` animation frames, or null if they do not come in time (e.g. a hidden tab). */
export function probeFrameTiming(
  frames = PROBE_FRAMES,
  requestFrame:
    ((callback: FrameRequestCallback) => number) | undefined = globalThis.requestAnimationFrame?.bind(
    globalThis,
  ),
  timeoutMs = DEVICE_DETECTION_TIMEOUT_MS,
): Promise<number | null> {
  if (!requestFrame) return Promise.resolve(null);
  return new Promise((resolve) => {
    const stamps: number[] = [];
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const onFrame = (time: number) => {
      stamps.push(time);
      if (stamps.length <= frames) {
        requestFrame(onFrame);
        return;
      }
      clearTimeout(timer);
      resolve((stamps[stamps.length - 1]! - stamps[0]!) / frames);
    };
    requestFrame(onFrame);
  });
}

export async function checkDeviceCapabilities(
  environment: { navigator?: Navigator; now?: () => number; probe?: () => Promise<number | null> } = {},
): Promise<{ capabilities: DeviceCapabilities; reason: string | null }> {
  // deviceMemory is Chromium-only and not in the DOM typings.
  const nav = (environment.navigator ?? navigator) as Navigator & { deviceMemory?: unknown };
  const signals: DeviceSignals = {
    hardwareConcurrency: typeof nav.hardwareConcurrency === 'number' ? nav.hardwareConcurrency : null,
    deviceMemory: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : null,
    averageFrameMs: await (environment.probe ?? (() => probeFrameTiming()))(),
  };
  const { isLowEnd, reason } = classifyDevice(signals);
  return { capabilities: { ...signals, isLowEnd, checkedAt: (environment.now ?? Date.now)() }, reason };
}
