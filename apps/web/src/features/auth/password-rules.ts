/**
 * The password rules for the live checklist: the server's own rules, so the form and the
 * server can never disagree.
 */
import { PASSWORD_RULES } from '@fm/contract';

export { PASSWORD_RULES, type PasswordRule } from '@fm/contract';

export const PASSWORD_RULES_UNMET_MESSAGE = 'Please choose a password that meets every requirement below.';

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** What a login or registration form checks before calling the server. */
export function credentialsProblem(email: string, password: string): string | undefined {
  if (!email.trim() || !password) return 'Email and password are required';
  if (!looksLikeEmail(email)) return 'Please provide a valid email address';
  return undefined;
}

export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}
