import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { checkDeviceCapabilities, isDeviceCheckFresh } from './device-capabilities';
import {
  isReducedMotion,
  motionEffects,
  motionReducer,
  reducedMotionReason,
  shouldShowOptimizationBanner,
  type MotionEffects,
  type MotionState,
  type ReducedMotionReason,
} from './motion-rules';
import { isMotionDebugEnabled, MotionPerformanceMonitor } from './motion-performance';
import './preferences.css';
import type { MotionPreferences } from './preferences-defaults';
import { getPreferences, subscribePreferences, updatePreferences } from './preferences-store';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** The class on <html> that global.css uses to stop animations, transitions and card effects. */
export const REDUCE_MOTION_CLASS = 'reduce-motion';
/** Probe the device once the page has settled, not while it is rendering. */
const DEVICE_CHECK_DELAY_MS = 1500;

export interface MotionContextValue {
  isReducedMotion: boolean;
  /** Why reduced motion is on: the user's setting, the browser's preference or a slow device. */
  reason: ReducedMotionReason | null;
  effects: MotionEffects;
  preferences: MotionPreferences;
  browserPrefersReducedMotion: boolean;
  showOptimizationBanner: boolean;
  setReducedMotion(reducedMotion: boolean): void;
  setBrowserPreference(prefersReducedMotion: boolean): void;
  setAutoOptimize(autoOptimize: boolean): void;
  dismissOptimizationBanner(): void;
  resetToDefaults(): void;
  loadPreferences(preferences: MotionPreferences): void;
}

const MotionContext = createContext<MotionContextValue | null>(null);

export function useMotion(): MotionContextValue {
  const value = useContext(MotionContext);
  if (!value) throw new Error('useMotion must be used inside <MotionProvider>');
  return value;
}

function browserPrefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(REDUCED_MOTION_QUERY).matches
  );
}

function initialState(): MotionState {
  return {
    preferences: getPreferences().motionPreferences,
    browserPrefersReducedMotion: browserPrefersReducedMotion(),
  };
}

const sameMotion = (a: MotionPreferences, b: MotionPreferences) => JSON.stringify(a) === JSON.stringify(b);

export function MotionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(motionReducer, undefined, initialState);
  const monitor = useMemo(() => (isMotionDebugEnabled() ? new MotionPerformanceMonitor() : null), []);
  const preferencesRef = useRef(state.preferences);
  preferencesRef.current = state.preferences;
  const reduced = isReducedMotion(state);

  // The user's choice is saved on change.
  useEffect(() => {
    if (!sameMotion(getPreferences().motionPreferences, state.preferences)) {
      updatePreferences((p) => ({ ...p, motionPreferences: state.preferences }));
    }
  }, [state.preferences]);

  // A change from another tab, an import or a reset of all preferences is loaded here.
  useEffect(
    () =>
      subscribePreferences(() => {
        const stored = getPreferences().motionPreferences;
        if (!sameMotion(stored, preferencesRef.current))
          dispatch({ type: 'loadPreferences', preferences: stored });
      }),
    [],
  );

  // The browser's preference is watched live.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED_MOTION_QUERY);
    const onChange = (event: MediaQueryListEvent) =>
      dispatch({ type: 'setBrowserPreference', prefersReducedMotion: event.matches });
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useLayoutEffect(() => {
    const apply = () => document.documentElement.classList.toggle(REDUCE_MOTION_CLASS, reduced);
    if (monitor) monitor.measure('cssUpdate', apply);
    else apply();
  }, [reduced, monitor]);

  const { autoOptimize, lastOptimizationCheck } = state.preferences;
  useEffect(() => {
    if (!autoOptimize || isDeviceCheckFresh(lastOptimizationCheck, Date.now())) return;
    let isCancelled = false;
    const timer = setTimeout(async () => {
      const started = performance.now();
      const result = await checkDeviceCapabilities();
      monitor?.record('deviceDetection', performance.now() - started);
      if (!isCancelled) dispatch({ type: 'applyDeviceCheck', ...result });
    }, DEVICE_CHECK_DELAY_MS);
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [autoOptimize, lastOptimizationCheck, monitor]);

  const value = useMemo<MotionContextValue>(() => {
    const build = (): MotionContextValue => ({
      isReducedMotion: isReducedMotion(state),
      reason: reducedMotionReason(state),
      effects: motionEffects(state),
      preferences: state.preferences,
      browserPrefersReducedMotion: state.browserPrefersReducedMotion,
      showOptimizationBanner: shouldShowOptimizationBanner(state),
      setReducedMotion: (reducedMotion) => dispatch({ type: 'setReducedMotion', reducedMotion }),
      setBrowserPreference: (prefersReducedMotion) =>
        dispatch({ type: 'setBrowserPreference', prefersReducedMotion }),
      setAutoOptimize: (enabled) => dispatch({ type: 'setAutoOptimize', autoOptimize: enabled }),
      dismissOptimizationBanner: () => dispatch({ type: 'dismissBanner', at: Date.now() }),
      resetToDefaults: () => dispatch({ type: 'resetToDefaults' }),
      loadPreferences: (preferences) => dispatch({ type: 'loadPreferences', preferences }),
    });
    return monitor ? monitor.measure('contextUpdate', build) : build();
  }, [state, monitor]);

  return (
    <MotionContext.Provider value={value}>
      {children}
      {value.showOptimizationBanner && <MotionOptimizationNotice />}
    </MotionContext.Provider>
  );
}

/** Tells the user why animations stopped by themselves, and lets them turn them back on. */
function MotionOptimizationNotice() {
  const { preferences, setReducedMotion, dismissOptimizationBanner } = useMotion();
  const noticeRef = useRef<HTMLElement>(null);
  useReserveSpaceAtTheBottom(noticeRef);
  return (
    <aside ref={noticeRef} className="motion-notice" aria-label="Reduced motion notice">
      <p>
        <strong>Animations are reduced on this device.</strong> {preferences.autoOptimizationReason} You can
        change this any time in Settings, Accessibility.
      </p>
      <div className="motion-notice__actions">
        <button type="button" className="button button--secondary" onClick={dismissOptimizationBanner}>
          Keep it reduced
        </button>
        <button type="button" className="button button--ghost" onClick={() => setReducedMotion(false)}>
          Turn animations back on
        </button>
      </div>
    </aside>
  );
}

/**
 * The notice floats over the bottom of the screen; the page gets as much room below its end, so
 * its last buttons (on a phone, often the one that matters) can still be scrolled above it.
 */
function useReserveSpaceAtTheBottom(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const notice = ref.current;
    if (!notice) return;
    const body = document.body;
    const reserve = () => {
      body.style.paddingBottom = `calc(${notice.offsetHeight}px + 2rem)`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    observer?.observe(notice);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
    };
  }, [ref]);
}
