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

/**
 * Characters that reorder or break what a reader sees: the bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069; "abc\u202Edef" prints as "abcfed") and the Unicode line and paragraph
 * separators (U+2028, U+2029). In free text they only serve to make a value look like something else.
 */
const isDisguise = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0x2028 || c === 0x2029;

/** One line of printable text: no control character at all (tab and line breaks included), no disguise. */
export function isSafeLine(value: string): boolean {
  if (!isSafeText(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d || isDisguise(c)) return false;
  }
  return true;
}

/** Text that may run over several lines (line feed, carriage return) and holds no other control character. */
export function isSafeNote(value: string): boolean {
  if (!isSafeText(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x09 || isDisguise(c)) return false;
  }
  return true;
}

export const notOneLineMessage = (label: string) => `${label} must be one line of text and must not contain control characters`;

/**
 * THE free-text rule of the contract (with `note`): every name, address, search or other single-line field a
 * person types is `line(label, max)`: one line of printable text, trimmed, at most `max` characters, each
 * failure a message naming the field. Chain `.min(1, ...)`, `.optional()` after it.
 */
export const line = (label: string, max: number, error = `${label} is required`) =>
  z.string({ error }).refine(isSafeLine, notOneLineMessage(label)).trim().max(max, `${label} must be at most ${max} characters`);

/** A multi-line free-text field (notes, instructions, reasons, comments): line breaks allowed, no other control character. */
export const note = (label: string, max: number, error = `${label} is required`) =>
  z.string({ error }).refine(isSafeNote, unsafeTextMessage(label)).trim().max(max, `${label} must be at most ${max} characters`);
