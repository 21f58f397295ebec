import { AccessibilityPanel } from '../preferences/AccessibilityPanel';

/** Settings → Accessibility: Reduce Motion and the local preferences file (features/preferences). */
export function AccessibilityTab() {
  return <AccessibilityPanel />;
}
