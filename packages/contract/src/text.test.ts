import { describe, expect, it } from 'vitest';
import { isSafeText, safeText } from './text.js';

describe('safe text', () => {
  it.each([
    ['plain words', 'Leave at the front desk', true],
    ['tab and line breaks', 'Floor 2\tsuite 4\r\nring twice', true],
    ['accents and emoji (paired surrogates)', 'Zoë, café 📦', true],
    ['a right-to-left override (a format character, not a control one)', 'abc\u202Edef', true],
    ['NUL', 'a\u0000b', false],
    ['bell', 'a\u0007b', false],
    ['escape', '\u001B[31mred', false],
    ['vertical tab', 'a\u000Bb', false],
    ['DEL', 'a\u007Fb', false],
    ['a C1 control', 'a\u0085b', false],
    ['a lone high surrogate', 'a\uD83Db', false],
    ['a lone high surrogate at the end', 'ab\uD83D', false],
    ['a lone low surrogate', 'a\uDCE6b', false],
  ])('%s: %s', (_what, value, safe) => {
    expect(isSafeText(value)).toBe(safe);
  });

  it('refuses with a message naming the field', () => {
    const result = safeText('Special instructions').safeParse('call\u0000me');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Special instructions must not contain control characters');
  });
});
