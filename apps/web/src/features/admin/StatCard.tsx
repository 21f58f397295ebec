import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'normal' | 'good' | 'warning' | 'critical';
}

export function StatCard({ label, value, hint, tone = 'normal' }: StatCardProps) {
  return (
    <div className={`card stat-card stat-card--${tone}`}>
      <p className="stat-card__label">{label}</p>
      <p className="stat-card__value">{value}</p>
      {hint && <p className="stat-card__hint">{hint}</p>}
    </div>
  );
}
