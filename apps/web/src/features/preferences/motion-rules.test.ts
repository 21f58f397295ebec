import { describe, expect, it } from 'vitest';
import { DEFAULT_MOTION_PREFERENCES, type DeviceCapabilities } from './preferences-defaults';
import {
  isReducedMotion,
  motionEffects,
  motionReducer,
  reducedMotionReason,
  shouldShowOptimizationBanner,
  type MotionState,
} from './motion-rules';

const start: MotionState = {
  preferences: { ...DEFAULT_MOTION_PREFERENCES },
  browserPrefersReducedMotion: false,
};
const slowDevice: DeviceCapabilities = {
  hardwareConcurrency: 2,
  deviceMemory: 1,
  averageFrameMs: 20,
  isLowEnd: true,
  checkedAt: 5000,
};

describe('motion rules', () => {
  it('is off by default and on when the user setting OR the browser preference is on', () => {
    expect(isReducedMotion(start)).toBe(false);
    const byUser = motionReducer(start, { type: 'setReducedMotion', reducedMotion: true });
    expect(reducedMotionReason(byUser)).toBe('user');
    const byBrowser = motionReducer(start, { type: 'setBrowserPreference', prefersReducedMotion: true });
    expect(reducedMotionReason(byBrowser)).toBe('browser');
    expect(byBrowser.preferences).toEqual(start.preferences); // the browser's preference is not saved as the user's
    const userOffBrowserOn = motionReducer(byBrowser, { type: 'setReducedMotion', reducedMotion: false });
    expect(isReducedMotion(userOffBrowserOn)).toBe(true);
  });

  it('disables animations, transitions and enhanced cards together, unless the user overrode one', () => {
    const reduced = motionReducer(start, { type: 'setReducedMotion', reducedMotion: true });
    expect(motionEffects(start)).toEqual({ animations: true, transitions: true, enhancedCards: true });
    expect(motionEffects(reduced)).toEqual({ animations: false, transitions: false, enhancedCards: false });
    const overridden = {
      ...reduced,
      preferences: { ...reduced.preferences, manualOverrides: { enhancedCards: true } },
    };
    expect(motionEffects(overridden)).toEqual({ animations: false, transitions: false, enhancedCards: true });
  });

  it('lets auto-optimization force reduced motion on a slow device, with a dismissible notice', () => {
    const checked = motionReducer(start, {
      type: 'applyDeviceCheck',
      capabilities: slowDevice,
      reason: 'Slow frames.',
    });
    expect(reducedMotionReason(checked)).toBe('device');
    expect(checked.preferences).toMatchObject({
      autoOptimizationApplied: true,
      autoOptimizationReason: 'Slow frames.',
      lastOptimizationCheck: 5000,
      deviceCapabilities: slowDevice,
    });
    expect(shouldShowOptimizationBanner(checked)).toBe(true);
    const dismissed = motionReducer(checked, { type: 'dismissBanner', at: 6000 });
    expect(shouldShowOptimizationBanner(dismissed)).toBe(false);
    expect(dismissed.preferences.bannerDismissedAt).toBe(6000);
    expect(isReducedMotion(dismissed)).toBe(true);
  });

  it('does not force when auto-optimization is off or the user has chosen', () => {
    const checked = motionReducer(start, {
      type: 'applyDeviceCheck',
      capabilities: slowDevice,
      reason: 'Slow.',
    });
    expect(isReducedMotion(motionReducer(checked, { type: 'setAutoOptimize', autoOptimize: false }))).toBe(
      false,
    );
    const userChoseMotion = motionReducer(checked, { type: 'setReducedMotion', reducedMotion: false });
    expect(userChoseMotion.preferences.userOverride).toBe(true);
    expect(isReducedMotion(userChoseMotion)).toBe(false);
    const fastDevice = motionReducer(start, {
      type: 'applyDeviceCheck',
      capabilities: { ...slowDevice, isLowEnd: false },
      reason: null,
    });
    expect(isReducedMotion(fastDevice)).toBe(false);
  });

  it('resets to the defaults but keeps the device measurement, and loads saved preferences', () => {
    const changed = motionReducer(
      motionReducer(start, {
        type: 'applyDeviceCheck',
        capabilities: { ...slowDevice, isLowEnd: false },
        reason: null,
      }),
      { type: 'setReducedMotion', reducedMotion: true },
    );
    const reset = motionReducer(changed, { type: 'resetToDefaults' });
    expect(reset.preferences).toEqual({
      ...DEFAULT_MOTION_PREFERENCES,
      deviceCapabilities: { ...slowDevice, isLowEnd: false },
      lastOptimizationCheck: 5000,
    });
    const loaded = motionReducer(start, { type: 'loadPreferences', preferences: changed.preferences });
    expect(loaded.preferences).toBe(changed.preferences);
  });
});
