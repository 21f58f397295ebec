import { validationError } from '../../errors.js';
import { describePasswordProblem } from '@fm/contract';
import { isValidEmail, normalizeEmail } from './users.js';

/** The messages of account-form validation, as the forms show them. */
export const CREDENTIALS_REQUIRED_MESSAGE = 'Email and password are required';
export const INVALID_EMAIL_MESSAGE = 'Please provide a valid email address';
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address.';

/** The lower-cased address, or a 400 naming the field. */
export function requireEmail(raw: string | undefined, missingMessage = EMAIL_REQUIRED_MESSAGE): string {
  const email = normalizeEmail(raw ?? '');
  if (!email) throw validationError(missingMessage, 'email');
  if (!isValidEmail(email)) throw validationError(INVALID_EMAIL_MESSAGE, 'email');
  return email;
}

/** Both credentials present and the address well-formed (login and register). */
export function requireCredentials(input: { email?: string | undefined; password?: string | undefined }): {
  email: string;
  password: string;
} {
  const password = input.password ?? '';
  if (!input.email?.trim() || !password) {
    throw validationError(CREDENTIALS_REQUIRED_MESSAGE, input.email?.trim() ? 'password' : 'email');
  }
  return { email: requireEmail(input.email), password };
}

/** A new password that meets the password rules. */
export function requireStrongPassword(password: string): string {
  const problem = describePasswordProblem(password);
  if (problem) throw validationError(problem, 'password');
  return password;
}
