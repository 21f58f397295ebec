import { useId } from 'react';
import { useMotion } from './MotionProvider';
import type { ReducedMotionReason } from './motion-rules';
import { PreferencesFileControls } from './PreferencesFileControls';

const REASON_TEXT: Record<ReducedMotionReason, string> = {
  user: 'Reduced motion is on because you switched it on.',
  browser: 'Reduced motion is on because your browser or operating system asks for less motion.',
  device: 'Reduced motion is on because this device looked slow for animations.',
};

/**
 * Settings → Accessibility: the Reduce Motion switch (saved as soon as it changes), the
 * automatic reduction on slow devices, and the preferences file.
 */
export function AccessibilityPanel() {
  const motion = useMotion();
  const { preferences } = motion;
  const statusId = useId();
  const capabilities = preferences.deviceCapabilities;
  return (
    <div className="accessibility-panel">
      <section aria-labelledby="motion-heading" className="settings-section">
        <h2 id="motion-heading">Motion</h2>
        <div className="switch-field">
          <input
            id="reduce-motion"
            type="checkbox"
            role="switch"
            className="switch"
            checked={preferences.reducedMotion}
            aria-describedby={statusId}
            onChange={(event) => motion.setReducedMotion(event.target.checked)}
          />
          <label htmlFor="reduce-motion">Reduce Motion</label>
        </div>
        <p className="field__hint">Stops animations, transitions and moving card effects across the app.</p>
        <p id={statusId} className="motion-status" role="status">
          {motion.reason ? REASON_TEXT[motion.reason] : 'Animations are on.'}
        </p>

        <div className="switch-field">
          <input
            id="auto-optimize-motion"
            type="checkbox"
            role="switch"
            className="switch"
            checked={preferences.autoOptimize}
            onChange={(event) => motion.setAutoOptimize(event.target.checked)}
          />
          <label htmlFor="auto-optimize-motion">Reduce motion automatically on slow devices</label>
        </div>
        <p className="field__hint">
          {capabilities
            ? `Last checked ${new Date(capabilities.checkedAt).toLocaleString()}: ${describeDevice(capabilities)}`
            : 'This device has not been checked yet.'}
          {motion.reason === 'device' && preferences.autoOptimizationReason
            ? ` ${preferences.autoOptimizationReason}`
            : ''}
        </p>
        <button type="button" className="button button--secondary" onClick={motion.resetToDefaults}>
          Reset motion settings to defaults
        </button>
      </section>

      <PreferencesFileControls />
    </div>
  );
}

function describeDevice(c: {
  hardwareConcurrency: number | null;
  deviceMemory: number | null;
  averageFrameMs: number | null;
  isLowEnd: boolean;
}) {
  const parts = [
    c.hardwareConcurrency !== null ? `${c.hardwareConcurrency} cores` : null,
    c.deviceMemory !== null ? `${c.deviceMemory} GB memory` : null,
    c.averageFrameMs !== null ? `${Math.round(1000 / c.averageFrameMs)} frames per second` : null,
  ].filter(Boolean);
  return `${parts.join(', ') || 'no details reported'}; ${c.isLowEnd ? 'slow for animations' : 'fast enough for animations'}.`;
}
