import './button.css';
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  isBusy?: boolean;
}

export function Button({
  variant = 'primary',
  isBusy = false,
  className,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...rest}
    />
  );
}
