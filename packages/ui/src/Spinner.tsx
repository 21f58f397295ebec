export interface SpinnerProps {
  label: string;
}

/** A spinner that screen readers announce by its label. */
export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
