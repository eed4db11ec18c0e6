import { isValidEmail, ACCOUNT_TYPES, isValidContactPhone, MESSAGES, SIGNUP_PASSWORD_RULES, signupPasswordError } from '@courier/contract';
import type { RegisterOptions } from 'react-hook-form';

export interface TSignupForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  /** Starts at 'other', which is not offered: the user must choose. */
  accountType: string;
  /** Optional: the clinic, lab or pharmacy, so labels show it rather than the person. */
  organisation: string;
  password: string;
  confirmPassword: string;
}

export const SIGNUP_DEFAULTS: TSignupForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  accountType: 'other',
  organisation: '',
  password: '',
  confirmPassword: '',
};

const requiredText = (message: string, max: number) => (value: string) => {
  if (!value.trim()) return message;
  return value.trim().length <= max || `Must be at most ${max} characters`;
};

/** Every field is required; the password follows the four sign-up rules and must be confirmed. */
export const SIGNUP_RULES: { [K in keyof TSignupForm]: RegisterOptions<TSignupForm, K> } = {
  firstName: { validate: requiredText('First name is required', 80) },
  lastName: { validate: requiredText('Last name is required', 80) },
  email: {
    validate: (value) => {
      if (!value.trim()) return 'Email is required';
      return isValidEmail(value.trim()) || 'Please enter a valid email address';
    },
  },
  phone: {
    validate: (value) => {
      if (!value.trim()) return MESSAGES.phoneRequired;
      return isValidContactPhone(value.trim()) || MESSAGES.phoneInvalid;
    },
  },
  address: { validate: requiredText('Address is required', 300) },
  organisation: { validate: (value) => value.trim().length <= 120 || 'Must be at most 120 characters' },
  accountType: {
    validate: (value) => (ACCOUNT_TYPES as readonly string[]).includes(value) || 'Please select an account type',
  },
  password: {
    validate: (value) => (value ? (signupPasswordError(value) ?? true) : 'Password is required'),
  },
  confirmPassword: {
    validate: (value, form) => {
      if (!value) return 'Please confirm your password';
      return value === form.password || MESSAGES.passwordsMismatch;
    },
  },
};

export const SIGNUP_STEPS = [
  { title: 'Personal Info', fields: ['firstName', 'lastName', 'email', 'phone'] },
  { title: 'Address', fields: ['address', 'organisation', 'accountType'] },
  { title: 'Security', fields: ['password', 'confirmPassword'] },
] as const satisfies ReadonlyArray<{ title: string; fields: ReadonlyArray<keyof TSignupForm> }>;

/** The requirements box: the four rules as short labels ('At least 8 characters long'). */
export const signupRequirements = (password: string) =>
  SIGNUP_PASSWORD_RULES.map((rule) => {
    const label = rule.message.replace(/^Password must (be |contain )?/, '');
    return { label: label.charAt(0).toUpperCase() + label.slice(1), met: rule.test(password) };
  });
