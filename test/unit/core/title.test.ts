import { describe, expect, it } from 'vitest';
import { MAX_TITLE_CHARS, storedTitle } from '../../../core/title';

describe('storedTitle', () => {
  it.each([
    ['plain', 'Launch day', 'Launch day'],
    ['trimmed', '  Launch day \n', 'Launch day'],
    ['line breaks and tabs become spaces', 'Launch\r\nday\tcut\u2028two', 'Launch day cut two'],
    ['OSC 52 (clipboard write) loses its ESC and BEL', 'a\u001b]52;c;ZXZpbA==\u0007b', 'a]52;c;ZXZpbA==b'],
    ['CSI 2J (clear screen) loses its ESC', '\u001b[2Jtitle', '[2Jtitle'],
    ['8-bit CSI and other C1 controls are removed', 'x\u009b2Jy\u0085z', 'x2Jy z'],
    ['DEL and NUL are removed', 'a\u007fb\u0000c', 'abc'],
    ['bidi controls are removed', '\u202eevil\u202c \u2066iso\u2069 \u200emark\u200f \u061carabic', 'evil iso mark arabic'],
    ['only controls', '\u001b\u0007\u202e', null],
    ['empty', '', null],
    ['absent', undefined, null],
    ['non-Latin text is kept', 'שלום 世界 café', 'שלום 世界 café'],
  ])('%s', (_name, raw, expected) => {
    expect(storedTitle(raw)).toBe(expected);
  });

  it('cuts at 200 characters after cleaning, without a trailing space', () => {
    expect(storedTitle(`${'\u001b'.repeat(50)}${'a'.repeat(199)} b`)).toBe(`${'a'.repeat(199)}`);
    expect(storedTitle('x'.repeat(300))).toHaveLength(MAX_TITLE_CHARS);
  });
});
