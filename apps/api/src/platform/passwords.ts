import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../db/bootstrap.js';

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;
/** A hash of nothing anyone knows, so an unknown e-mail costs the same argon2 work as a wrong password. */
export function warmUpDummyHash(): Promise<string> {
  dummyHash ??= hash(`no-such-account-${Math.random()}`, ARGON2_OPTIONS);
  return dummyHash;
}

/** Checks a password against a stored hash, or against the dummy one when there is no account. */
export async function checkPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  const against = storedHash ?? (await warmUpDummyHash());
  try {
    return (await verify(against, password)) && !!storedHash;
  } catch {
    // A malformed stored hash must never let anyone in, nor crash the login.
    return false;
  }
}
