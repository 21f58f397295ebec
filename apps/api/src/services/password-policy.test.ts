import { describe, expect, it } from 'vitest';
import { describePasswordProblem, unmetPasswordRules } from './password-policy.js';

describe('password policy (spec §5)', () => {
  it('accepts 12+ characters with upper, lower, digit and one of @$!%*?&', () => {
    for (const special of '@$!%*?&') expect(describePasswordProblem(`Abcdefghij1${special}`)).toBeUndefined();
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
  });

  it('refuses absurdly long passwords before they reach the hash', () => {
    expect(describePasswordProblem(`Aa1!${'x'.repeat(300)}`)).toMatch(/at most 256/);
  });
});
