import { useId, useState, type InputHTMLAttributes } from 'react';
import { PASSWORD_RULES } from './password-rules';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
  /** Id of a hint or checklist that describes the field. */
  describedBy?: string;
}

/** A labelled password input with a Show/Hide toggle. */
export function PasswordField({ label, describedBy, ...inputProps }: PasswordFieldProps) {
  const id = useId();
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          {...inputProps}
          id={id}
          className="input"
          type={isVisible ? 'text' : 'password'}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-label={isVisible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={isVisible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {isVisible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}

/** The live checklist of the password rules, each marked met or not. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  return (
    <ul className="password-checklist" id={id} aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const isMet = rule.test(password);
        return (
          <li key={rule.id} data-met={isMet}>
            <span className="password-checklist__mark" aria-hidden="true">
              {isMet ? '✓' : '○'}
            </span>
            <span>
              {rule.label}
              <span className="visually-hidden">{isMet ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

interface NewPasswordFieldsProps {
  label: string;
  password: string;
  onPasswordChange: (password: string) => void;
  /** With these, a second field asks for the password again. */
  confirmation?: { value: string; onChange: (confirmation: string) => void };
}

/** A new password with its live rule checklist, and the field confirming it where the form asks twice. */
export function NewPasswordFields({
  label,
  password,
  onPasswordChange,
  confirmation,
}: NewPasswordFieldsProps) {
  const checklistId = useId();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        describedBy={checklistId}
        required
      />
      <PasswordChecklist password={password} id={checklistId} />
      {confirmation && (
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmation.value}
          onChange={(event) => confirmation.onChange(event.target.value)}
          required
        />
      )}
    </>
  );
}
