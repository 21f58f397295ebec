import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls inside its own box (the page never does). The box can take
 * keyboard focus, so the columns out of view can be reached with the arrow keys too.
 */
export function ScrollingTable({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={['table-wrap', className].filter(Boolean).join(' ')}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
