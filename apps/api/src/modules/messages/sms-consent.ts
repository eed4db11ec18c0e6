import { toE164Phone } from '@courier/contract';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { optins } from '../../db/schema/index.js';

/**
 * The spellings one number may be stored under: the opt-in keeps what was typed (spaces removed), a
 * delivery form allows punctuation, Twilio sends E.164. North American numbers also match without +1.
 */
export function phoneKeys(phone: string): string[] {
  const digits = phone.replace(/[\s().-]/g, '').replace(/^\+/, '');
  if (!/^\d{2,15}$/.test(digits)) return [];
  const keys = new Set([digits, `+${digits}`]);
  if (digits.length === 10) keys.add(`1${digits}`).add(`+1${digits}`);
  if (digits.length === 11 && digits.startsWith('1')) keys.add(digits.slice(1)).add(`+${digits.slice(1)}`);
  return [...keys];
}

/** The number confirmed SMS consent (replied YES or START after a form asked) and has not withdrawn it (STOP). */
export async function hasSmsConsent(tx: DbOrTx, phone: string | null | undefined): Promise<boolean> {
  return phone ? (await phonesWithSmsConsent(tx, [phone])).has(phone) : false;
}

/** Which of the numbers have SMS consent (as hasSmsConsent), in one query. */
export async function phonesWithSmsConsent(tx: DbOrTx, phones: readonly string[]): Promise<Set<string>> {
  const keysOf = new Map(phones.map((phone) => [phone, phoneKeys(phone)]));
  const keys = [...new Set([...keysOf.values()].flat())];
  if (keys.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ phone: optins.phone })
    .from(optins)
    .where(and(inArray(optins.phone, keys), eq(optins.consentSms, true), isNull(optins.smsWithdrawnAt)));
  const consented = new Set(rows.map((r) => r.phone));
  return new Set([...keysOf].filter(([, k]) => k.some((key) => consented.has(key))).map(([phone]) => phone));
}

/** The number replied STOP and has not replied START since. */
export async function hasStoppedSms(tx: DbOrTx, phone: string): Promise<boolean> {
  const keys = phoneKeys(phone);
  if (keys.length === 0) return false;
  const rows = await tx
    .select({ id: optins.id })
    .from(optins)
    .where(and(inArray(optins.phone, keys), isNotNull(optins.smsWithdrawnAt)))
    .limit(1);
  return rows.length > 0;
}

/** E.164 for the provider, by the contract's one phone rule (numbers stored before it keep their digits). */
export function toE164(phone: string): string {
  return toE164Phone(phone) ?? `+${phone.replace(/[\s().+-]/g, '')}`;
}
