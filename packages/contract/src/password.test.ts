import { describe, expect, it } from 'vitest';
import { ZChangePasswordRequest } from './auth.js';
import { PASSWORD_RULES, passwordStrength, SIGNUP_PASSWORD_RULES, signupPasswordError, STRENGTH_LABELS } from './password.js';
import { ZSignupPassword } from './schemas.js';

// Sign-up passwords: at least 8 characters, one uppercase, one special from !@#$%^&, one number.
const MESSAGES = {
  length: 'Password must be at least 8 characters long',
  upper: 'Password must contain at least one uppercase letter',
  special: 'Password must contain at least one special character (!@#$%^&)',
  number: 'Password must contain at least one number',
};

describe('sign-up password rules', () => {
  it('lists the four rules with their messages, in order', () => {
    expect(SIGNUP_PASSWORD_RULES.map((rule) => rule.message)).toEqual([MESSAGES.length, MESSAGES.upper, MESSAGES.special, MESSAGES.number]);
  });

  it.each([
    ['Courier1!', null],
    ['Ab1!Ab1!', null],
    ['LONGPASS1&', null],
    ['Ab1!', MESSAGES.length],
    ['Ab1!abc', MESSAGES.length],
    ['', MESSAGES.length],
    ['courier1!', MESSAGES.upper],
    ['Courier12', MESSAGES.special],
    ['Courier1*', MESSAGES.special],
    ['Courier1?', MESSAGES.special],
    ['Courier!!', MESSAGES.number],
    ['courier!!', MESSAGES.upper],
  ])('%j gives %j (the first failing rule)', (password, expected) => {
    expect(signupPasswordError(password)).toBe(expected);
  });

  it.each(['!', '@', '#', '$', '%', '^', '&'])('accepts %s as the special character', (special) => {
    expect(signupPasswordError(`Courier1${special}`)).toBeNull();
  });
});

describe('one rule for sign-up and change-password', () => {
  it('lists the sign-up rules as checklist items ("Password must:")', () => {
    expect(PASSWORD_RULES.map((rule) => rule.label)).toEqual([
      'Be at least 8 characters long',
      'Contain at least one uppercase letter',
      'Contain at least one special character (!@#$%^&)',
      'Contain at least one number',
    ]);
  });

  it.each([
    ['Northlab.2026x', MESSAGES.special],
    ['Northlab.2026', MESSAGES.special],
    ['Northlab#2026', null],
  ])('sign-up and change-password answer %j alike', (password, expected) => {
    expect(signupPasswordError(password)).toBe(expected);
    const change = ZChangePasswordRequest.safeParse({ currentPassword: 'Old#Pass2025', newPassword: password });
    expect(change.success ? null : change.error.issues[0].message).toBe(expected);
    const signup = ZSignupPassword.safeParse(password);
    expect(signup.success ? null : signup.error.issues[0].message).toBe(expected);
  });
});

describe('password strength meter', () => {
  // One point each: length >= 8, length >= 12, uppercase, digit, special, lowercase; score = min(4, floor(points / 1.5)).
  it.each([
    ['', 0, 0],
    ['a', 1, 0],
    ['aB', 2, 1],
    ['aB1', 3, 2],
    ['aB1!', 4, 2],
    ['abcdefgh', 2, 1],
    ['abcdefg1', 3, 2],
    ['Abcdefg1', 4, 2],
    ['Abcdef1!', 5, 3],
    ['Abcdefgh1!xy', 6, 4],
    ['abcdefghijkl', 3, 2],
    ['ABCDEFGHIJK1', 4, 2],
    ['ABCDEFGHIJ1!', 5, 3],
  ])('%j earns %i points: score %i', (password, _points, score) => {
    expect(passwordStrength(password)).toEqual({ score, label: STRENGTH_LABELS[score] });
  });

  it('labels the scores Too Short, Poor, Weak, Medium, Strong', () => {
    expect(STRENGTH_LABELS).toEqual(['Too Short', 'Poor', 'Weak', 'Medium', 'Strong']);
  });

  it('never goes above 4', () => {
    expect(passwordStrength('Abcdefghijklmnop1!@#').score).toBe(4);
  });
});
