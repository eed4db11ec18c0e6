/**
 * The one password rule, for sign-up, reset, invitations and change-password alike, in the order its messages
 * are shown. `label` is the rule as a checklist item ("Password must:" ... "Be at least 8 characters long").
 */
const RULES: ReadonlyArray<{ test: (p: string) => boolean; message: string }> = [
  { test: (p) => p.length >= 8, message: 'Password must be at least 8 characters long' },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p) => /[!@#$%^&]/.test(p), message: 'Password must contain at least one special character (!@#$%^&)' },
  { test: (p) => /[0-9]/.test(p), message: 'Password must contain at least one number' },
];
export const PASSWORD_RULES: ReadonlyArray<{ test: (p: string) => boolean; message: string; label: string }> = RULES.map((rule) => {
  const label = rule.message.replace(/^Password must /, '');
  return { ...rule, label: label.charAt(0).toUpperCase() + label.slice(1) };
});

/** The same rule under its sign-up name. */
export const SIGNUP_PASSWORD_RULES = PASSWORD_RULES;

/** The first failing rule's message, or null when the password passes. */
export function passwordError(password: string): string | null {
  return PASSWORD_RULES.find((r) => !r.test(password))?.message ?? null;
}
export const signupPasswordError = passwordError;

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
