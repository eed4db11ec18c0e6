import { MESSAGES, PASSWORD_RULES, type TAccountType, ZRegisterRequest } from '@courier/contract';
import { z } from 'zod';

/**
 * The contract's registration request (roleId aside: the page always sends the customer's), plus the
 * confirmation, which only the form knows.
 */
export const ZSignupForm = ZRegisterRequest.omit({ roleId: true })
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((form) => form.password === form.confirmPassword, { message: MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
export type TSignupForm = z.input<typeof ZSignupForm>;
export type TSignupValues = z.output<typeof ZSignupForm>;

export const SIGNUP_DEFAULTS: TSignupForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  // Starts on a value the select does not offer and the contract refuses: the user must choose.
  accountType: 'other' as TAccountType,
  organisation: '',
  password: '',
  confirmPassword: '',
};

/** The account type select can only fail by being left unchosen. */
export const ACCOUNT_TYPE_UNCHOSEN = 'Please select an account type';

export const SIGNUP_STEPS = [
  { title: 'Personal Info', fields: ['firstName', 'lastName', 'email', 'phone'] },
  { title: 'Address', fields: ['address', 'organisation', 'accountType'] },
  { title: 'Security', fields: ['password', 'confirmPassword'] },
] as const satisfies ReadonlyArray<{ title: string; fields: ReadonlyArray<keyof TSignupForm> }>;

/** The requirements box: the four rules as short labels ('At least 8 characters long'). */
export const signupRequirements = (password: string) =>
  PASSWORD_RULES.map((rule) => {
    const label = rule.message.replace(/^Password must (be |contain )?/, '');
    return { label: label.charAt(0).toUpperCase() + label.slice(1), met: rule.test(password) };
  });
