import { useId } from 'react';

interface EmailFieldProps {
  value: string;
  onChange(value: string): void;
}

/** The labelled e-mail input of the sign-in, registration and reset forms. */
export function EmailField({ value, onChange }: EmailFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        className="input"
        type="email"
        autoComplete="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </div>
  );
}
