import type { ReactNode } from 'react';

export type BannerTone = 'success' | 'error' | 'info' | 'warning';

export interface BannerProps {
  tone: BannerTone;
  children: ReactNode;
  onDismiss?: () => void;
}

/** A message strip; errors are announced assertively, the rest politely. */
export function Banner({ tone, children, onDismiss }: BannerProps) {
  return (
    <div className={`banner banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="banner__body">{children}</div>
      {onDismiss && (
        <button type="button" className="banner__close" onClick={onDismiss} aria-label="Dismiss message">
          ×
        </button>
      )}
    </div>
  );
}
