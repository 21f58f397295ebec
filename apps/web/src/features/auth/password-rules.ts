/**
 * Spec §5 password rules for the live checklist. The server applies the same rules
 * (apps/api/src/services/password-policy.ts); keep the two in step.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  label: string;
  test(password: string): boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    test: (p) => [...PASSWORD_SPECIAL_CHARACTERS].some((c) => p.includes(c)),
  },
];

export const PASSWORD_RULES_UNMET_MESSAGE = 'Please choose a password that meets every requirement below.';

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** Spec §5: what a login or registration form checks before calling the server. */
export function credentialsProblem(email: string, password: string): string | undefined {
  if (!email.trim() || !password) return 'Email and password are required';
  if (!looksLikeEmail(email)) return 'Please provide a valid email address';
  return undefined;
}

export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}
