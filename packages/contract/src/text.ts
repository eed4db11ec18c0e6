import { z } from 'zod';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL and C1), and UTF-16 surrogates
 * without their pair. PostgreSQL refuses NUL outright; the others have no place in a name, an address or a note
 * and only serve to hide text in logs, e-mails and labels.
 */
export function isSafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0x7f && c <= 0x9f) return false;
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

export const unsafeTextMessage = (label: string) => `${label} must not contain control characters`;

/**
 * The one string every text field of the contract starts from: refuses control characters (tab and line
 * breaks excepted) and lone surrogates with a message naming the field. Chain trim, min and max after it.
 */
export const safeText = (label: string, error = `${label} is required`) => z.string({ error }).refine(isSafeText, unsafeTextMessage(label));
