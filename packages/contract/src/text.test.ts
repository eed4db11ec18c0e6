import { describe, expect, it } from 'vitest';
import { isSafeLine, isSafeNote, isSafeText, line, note, safeText } from './text.js';

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

describe('the free-text rule: line() for names and searches, note() for notes', () => {
  it.each([
    ['plain', 'R. Lee', true, true],
    ['accents', 'Zoë Café', true, true],
    ['a line break', 'R. Lee\n5. Delivered', false, true],
    ['CR LF', 'a\r\nb', false, true],
    ['a tab', 'a\tb', false, false],
    ['a right-to-left override', 'abc\u202Edef', false, false],
    ['a directional isolate', 'a\u2067b', false, false],
    ['a line separator', 'a\u2028b', false, false],
    ['NUL', 'a\u0000b', false, false],
  ])('%s', (_what, value, oneLine, multiLine) => {
    expect(isSafeLine(value)).toBe(oneLine);
    expect(isSafeNote(value)).toBe(multiLine);
  });

  it('trims, caps the length and names the field in every message', () => {
    expect(line('Recipient name', 5).parse('  R. L ')).toBe('R. L');
    expect(line('Recipient name', 5).safeParse('123456').error?.issues[0]?.message).toBe('Recipient name must be at most 5 characters');
    expect(line('Recipient name', 50).safeParse('a\nb').error?.issues[0]?.message).toBe(
      'Recipient name must be one line of text and must not contain control characters',
    );
    expect(note('Note', 50).parse(' two\nlines ')).toBe('two\nlines');
    expect(note('Note', 50).safeParse('x\u202E').error?.issues[0]?.message).toBe('Note must not contain control characters');
  });
});
