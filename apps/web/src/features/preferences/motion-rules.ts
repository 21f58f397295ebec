import {
  DEFAULT_MOTION_PREFERENCES,
  type DeviceCapabilities,
  type MotionPreferences,
} from './preferences-defaults';

/**
 * The motion rules, as a pure reducer: reduced motion is on when the user's setting or
 * the browser's preference is on, or when auto-optimization found a slow device and the user
 * has not chosen for themselves.
 */
export interface MotionState {
  preferences: MotionPreferences;
  browserPrefersReducedMotion: boolean;
}

export type MotionAction =
  | { type: 'setReducedMotion'; reducedMotion: boolean }
  | { type: 'setBrowserPreference'; prefersReducedMotion: boolean }
  | { type: 'setAutoOptimize'; autoOptimize: boolean }
  | { type: 'applyDeviceCheck'; capabilities: DeviceCapabilities; reason: string | null }
  | { type: 'dismissBanner'; at: number }
  | { type: 'resetToDefaults' }
  | { type: 'loadPreferences'; preferences: MotionPreferences };

export type ReducedMotionReason = 'user' | 'browser' | 'device';

export interface MotionEffects {
  animations: boolean;
  transitions: boolean;
  enhancedCards: boolean;
}

export function motionReducer(state: MotionState, action: MotionAction): MotionState {
  const p = state.preferences;
  switch (action.type) {
    case 'setReducedMotion':
      // An explicit choice: auto-optimization no longer overrides it.
      return withPreferences(state, { ...p, reducedMotion: action.reducedMotion, userOverride: true });
    case 'setBrowserPreference':
      return { ...state, browserPrefersReducedMotion: action.prefersReducedMotion };
    case 'setAutoOptimize':
      return withPreferences(state, { ...p, autoOptimize: action.autoOptimize });
    case 'applyDeviceCheck':
      return withPreferences(state, {
        ...p,
        deviceCapabilities: action.capabilities,
        lastOptimizationCheck: action.capabilities.checkedAt,
        autoOptimizationApplied: action.capabilities.isLowEnd,
        autoOptimizationReason: action.capabilities.isLowEnd ? action.reason : null,
      });
    case 'dismissBanner':
      return withPreferences(state, { ...p, bannerDismissed: true, bannerDismissedAt: action.at });
    case 'resetToDefaults':
      // The device check is a measurement, not a choice: keep it so the device is not probed again.
      return withPreferences(state, {
        ...DEFAULT_MOTION_PREFERENCES,
        manualOverrides: {},
        deviceCapabilities: p.deviceCapabilities,
        lastOptimizationCheck: p.lastOptimizationCheck,
        autoOptimizationApplied: p.autoOptimizationApplied,
        autoOptimizationReason: p.autoOptimizationReason,
      });
    case 'loadPreferences':
      return withPreferences(state, action.preferences);
  }
}

function withPreferences(state: MotionState, preferences: MotionPreferences): MotionState {
  return { ...state, preferences };
}

/** Is auto-optimization currently forcing reduced motion on? */
export function isAutoOptimizationForcing(preferences: MotionPreferences): boolean {
  return preferences.autoOptimize && preferences.autoOptimizationApplied && !preferences.userOverride;
}

/** Why reduced motion is on (the first reason that applies), or null when it is off. */
export function reducedMotionReason(state: MotionState): ReducedMotionReason | null {
  if (state.preferences.reducedMotion) return 'user';
  if (state.browserPrefersReducedMotion) return 'browser';
  if (isAutoOptimizationForcing(state.preferences)) return 'device';
  return null;
}

export function isReducedMotion(state: MotionState): boolean {
  return reducedMotionReason(state) !== null;
}

/** What may move: everything unless motion is reduced; the user's per-effect choices win. */
export function motionEffects(state: MotionState): MotionEffects {
  const allowed = !isReducedMotion(state);
  const overrides = state.preferences.manualOverrides;
  return {
    animations: overrides.animations ?? allowed,
    transitions: overrides.transitions ?? allowed,
    enhancedCards: overrides.enhancedCards ?? allowed,
  };
}

/** The notice about auto-optimization shows until the user dismisses it. */
export function shouldShowOptimizationBanner(state: MotionState): boolean {
  return reducedMotionReason(state) === 'device' && !state.preferences.bannerDismissed;
}
