/** The password rules, checked on the server as well as live in the form. */
export const PASSWORD_MIN_LENGTH = 12;
/**
 * A password must draw at least one character from these; every other printable character
 * (`#`, `^`, spaces, accented letters…) is welcome too, so generated passwords pass.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';
/** Longer inputs are refused before hashing so a huge body cannot cost seconds of CPU. */
export const PASSWORD_MAX_LENGTH = 256;

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
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character from ${PASSWORD_SPECIAL_CHARACTERS} (other symbols are welcome too)`,
    test: (p) => [...PASSWORD_SPECIAL_CHARACTERS].some((c) => p.includes(c)),
  },
];

/** The rules a password breaks, in display order; empty when it is acceptable. */
export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

/** One sentence naming what is missing, or undefined when the password is acceptable. */
export function describePasswordProblem(password: string): string | undefined {
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const unmet = unmetPasswordRules(password);
  if (unmet.length === 0) return undefined;
  return `Password must have: ${unmet.map((rule) => rule.label.toLowerCase()).join(', ')}.`;
}
