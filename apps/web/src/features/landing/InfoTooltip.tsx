import { useId, useState, type ReactNode } from 'react';

/**
 * A definition that shows on hover or keyboard focus (WCAG 1.4.13: it stays while hovered,
 * Escape hides it). Screen readers get it as the button's description.
 */
export function InfoTooltip({ term, children }: { term: string; children: ReactNode }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <span className="tooltip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="tooltip__trigger"
        aria-label={`What does “${term}” mean?`}
        aria-describedby={id}
        aria-expanded={isOpen}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span role="tooltip" id={id} className="tooltip__bubble" hidden={!isOpen}>
        {children}
      </span>
    </span>
  );
}
