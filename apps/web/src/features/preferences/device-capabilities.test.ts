import { describe, expect, it } from 'vitest';
import {
  checkDeviceCapabilities,
  classifyDevice,
  DEVICE_CHECK_CACHE_MS,
  isDeviceCheckFresh,
  probeFrameTiming,
  SLOW_AVERAGE_FRAME_MS,
} from './device-capabilities';

describe('device capability check', () => {
  it('is trusted for 24 hours', () => {
    expect(DEVICE_CHECK_CACHE_MS).toBe(86_400_000);
    expect(isDeviceCheckFresh(null, 1000)).toBe(false);
    expect(isDeviceCheckFresh(1000, 1000 + DEVICE_CHECK_CACHE_MS - 1)).toBe(true);
    expect(isDeviceCheckFresh(1000, 1000 + DEVICE_CHECK_CACHE_MS)).toBe(false);
    expect(isDeviceCheckFresh(5000, 1000)).toBe(false); // a clock set back
  });

  it('calls a device low-end for slow frames, or for few cores with little memory', () => {
    expect(classifyDevice({ hardwareConcurrency: 8, deviceMemory: 8, averageFrameMs: 16.7 }).isLowEnd).toBe(
      false,
    );
    const slowFrames = classifyDevice({ hardwareConcurrency: 8, deviceMemory: 8, averageFrameMs: 50 });
    expect(slowFrames).toEqual({
      isLowEnd: true,
      reason: 'Animations ran at about 20 frames per second on this device.',
    });
    expect(classifyDevice({ hardwareConcurrency: 2, deviceMemory: 1, averageFrameMs: null }).isLowEnd).toBe(
      true,
    );
    expect(classifyDevice({ hardwareConcurrency: 2, deviceMemory: 8, averageFrameMs: null }).isLowEnd).toBe(
      false,
    );
    expect(
      classifyDevice({ hardwareConcurrency: null, deviceMemory: null, averageFrameMs: null }).isLowEnd,
    ).toBe(false);
    expect(
      classifyDevice({ hardwareConcurrency: 8, deviceMemory: 8, averageFrameMs: SLOW_AVERAGE_FRAME_MS })
        .isLowEnd,
    ).toBe(false);
  });

  it('measures the mean frame interval, and gives up when frames stop coming', async () => {
    let clock = 0;
    const every25ms = (callback: FrameRequestCallback) => {
      clock += 25;
      setTimeout(() => callback(clock), 0);
      return 1;
    };
    await expect(probeFrameTiming(10, every25ms, 1000)).resolves.toBeCloseTo(25, 6);
    await expect(probeFrameTiming(10, () => 1, 20)).resolves.toBeNull();
  });

  it('reads the navigator and stamps the check', async () => {
    const navigator = { hardwareConcurrency: 2, deviceMemory: 2 } as unknown as Navigator;
    const result = await checkDeviceCapabilities({ navigator, now: () => 42, probe: async () => 16 });
    expect(result.capabilities).toEqual({
      hardwareConcurrency: 2,
      deviceMemory: 2,
      averageFrameMs: 16,
      isLowEnd: true,
      checkedAt: 42,
    });
    expect(result.reason).toBe('This device reports 2 processor cores and 2 GB of memory.');
  });
});
