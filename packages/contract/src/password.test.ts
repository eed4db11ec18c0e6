import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_RULES, passwordStrength, SIGNUP_PASSWORD_RULES, signupPasswordError, STRENGTH_LABELS } from './password.js';

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

describe('change-password rules ("Password must:")', () => {
  const failing = (password: string) => CHANGE_PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.label);

  it('lists length, uppercase, lowercase, number and special character', () => {
    expect(CHANGE_PASSWORD_RULES.map((rule) => rule.label)).toEqual([
      'Be at least 8 characters long',
      'Contain at least one uppercase letter',
      'Contain at least one lowercase letter',
      'Contain at least one number',
      'Contain at least one special character (!@#$%^&*(),.?":{}|<>)',
    ]);
  });

  it.each([
    ['Courier1!', []],
    ['Courier1?', []],
    ['Courier1<', []],
    ['COURIER1!', ['Contain at least one lowercase letter']],
    ['courier1!', ['Contain at least one uppercase letter']],
    ['Courier!!', ['Contain at least one number']],
    ['Courier12', ['Contain at least one special character (!@#$%^&*(),.?":{}|<>)']],
    ['Courier1-', ['Contain at least one special character (!@#$%^&*(),.?":{}|<>)']],
    ['Co1!', ['Be at least 8 characters long']],
  ])('%j fails %j', (password, expected) => {
    expect(failing(password)).toEqual(expected);
  });

  it.each(['!', '@', '#', '$', '%', '^', '&', '*', '(', ')', ',', '.', '?', '"', ':', '{', '}', '|', '<', '>'])(
    'accepts %s as the special character',
    (special) => {
      expect(failing(`Courier1${special}`)).toEqual([]);
    },
  );
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
