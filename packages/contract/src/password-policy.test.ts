import { describe, expect, it } from 'vitest';
import { describePasswordProblem, unmetPasswordRules } from './password-policy.js';

describe('password policy', () => {
  it('accepts 12+ characters with upper, lower, digit and one of @$!%*?&', () => {
    for (const special of '@$!%*?&') expect(describePasswordProblem(`Abcdefghij1${special}`)).toBeUndefined();
  });

  it('accepts every other printable character alongside, as generated passwords have them', () => {
    for (const password of [
      'Abcdefghij1!#',
      'x#Y^9~&k_P-q=+[]{}|;:,.<>/"\'`',
      'Correct horse 1 battery!',
      'Ünïcödé pässwörd 1!',
      'ÄBCDÉFGHIJ1!é',
      'Touchdown!2024🏈',
    ]) {
      expect({ password, problem: describePasswordProblem(password) }).toEqual({
        password,
        problem: undefined,
      });
    }
  });

  it('names every rule a password breaks', () => {
    expect(unmetPasswordRules('').map((r) => r.id)).toEqual([
      'length',
      'uppercase',
      'lowercase',
      'digit',
      'special',
    ]);
    expect(unmetPasswordRules('Abcdefghij1#').map((r) => r.id)).toEqual(['special']);
    expect(unmetPasswordRules('Abcdefgh1!x').map((r) => r.id)).toEqual(['length']);
    expect(describePasswordProblem('abcdefghijk1!')).toBe('Password must have: one uppercase letter.');
    expect(describePasswordProblem('Abcdefghijk1#')).toBe(
      'Password must have: one special character from @$!%*?& (other symbols are welcome too).',
    );
  });

  it('refuses absurdly long passwords before they reach the hash', () => {
    expect(describePasswordProblem(`Aa1!${'x'.repeat(300)}`)).toMatch(/at most 256/);
  });
});
