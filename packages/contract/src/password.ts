/** Sign-up password rules, in the order their messages are shown. */
export const SIGNUP_PASSWORD_RULES: ReadonlyArray<{ test: (p: string) => boolean; message: string }> = [
  { test: (p) => p.length >= 8, message: 'Password must be at least 8 characters long' },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p) => /[!@#$%^&]/.test(p), message: 'Password must contain at least one special character (!@#$%^&)' },
  { test: (p) => /[0-9]/.test(p), message: 'Password must contain at least one number' },
];

/** The first failing sign-up rule's message, or null when the password passes. */
export function signupPasswordError(password: string): string | null {
  return SIGNUP_PASSWORD_RULES.find((r) => !r.test(password))?.message ?? null;
}

/** Change-password rules, listed under 'Password must:' in account settings. */
export const CHANGE_PASSWORD_RULES: ReadonlyArray<{ test: (p: string) => boolean; label: string }> = [
  { test: (p) => p.length >= 8, label: 'Be at least 8 characters long' },
  { test: (p) => /[A-Z]/.test(p), label: 'Contain at least one uppercase letter' },
  { test: (p) => /[a-z]/.test(p), label: 'Contain at least one lowercase letter' },
  { test: (p) => /[0-9]/.test(p), label: 'Contain at least one number' },
  { test: (p) => /[!@#$%^&*(),.?":{}|<>]/.test(p), label: 'Contain at least one special character (!@#$%^&*(),.?":{}|<>)' },
];

export const STRENGTH_LABELS = ['Too Short', 'Poor', 'Weak', 'Medium', 'Strong'] as const;

/** The password strength meter: one point per rule met, score = min(4, floor(points / 1.5)). */
export function passwordStrength(password: string): { score: 0 | 1 | 2 | 3 | 4; label: (typeof STRENGTH_LABELS)[number] } {
  const points = [
    password.length >= 8,
    password.length >= 12,
    /[A-Z]/.test(password),
    /[0-9]/.test(password),
    /[^A-Za-z0-9]/.test(password),
    /[a-z]/.test(password),
  ].filter(Boolean).length;
  const score = Math.min(4, Math.floor(points / 1.5)) as 0 | 1 | 2 | 3 | 4;
  return { score, label: STRENGTH_LABELS[score] };
}
