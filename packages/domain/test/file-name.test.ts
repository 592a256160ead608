import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from '../src/files/file-name.ts';

describe('sanitizeFileName', () => {
  it('keeps letters, digits, the allowed marks and spaces', () => {
    expect(sanitizeFileName("Essay (final)_v2-draft!*'.docx")).toBe("Essay (final)_v2-draft!*'.docx");
  });
  it.each([
    ['my  <b>file</b>.pdf', 'my bfileb.pdf'],
    ['report#1?.pdf', 'report1.pdf'],
    ['a/b\\c:d"e|f.txt', 'abcdef.txt'],
    ['tab\there.txt', 'tabhere.txt'],
    ['price $5 & 10%.xlsx', 'price 5 10.xlsx'],
  ])('removes other characters and collapses spaces: %j -> %j', (input, output) => {
    expect(sanitizeFileName(input)).toBe(output);
  });
  it('collapses runs left after removal and trims the ends', () => {
    expect(sanitizeFileName('a   b')).toBe('a b');
    expect(sanitizeFileName('a <> b')).toBe('a b');
    expect(sanitizeFileName('  name.pdf  ')).toBe('name.pdf');
  });
  it('decodes repeatedly before cleaning', () => {
    expect(sanitizeFileName('%252Fetc%252Fpasswd')).toBe('etcpasswd');
    expect(sanitizeFileName('my%20file.pdf')).toBe('my file.pdf');
    expect(sanitizeFileName('my%2520%2520file.pdf')).toBe('my file.pdf');
    expect(sanitizeFileName('%253Cscript%253E.js')).toBe('script.js');
  });
  it('still decodes around a stray percent sign or bad UTF-8', () => {
    expect(sanitizeFileName('100% done.pdf')).toBe('100 done.pdf');
    expect(sanitizeFileName('%2520 and 50%.pdf')).toBe('and 50.pdf');
    expect(sanitizeFileName('%FF%2F.pdf')).toBe('FF2F.pdf');
    expect(sanitizeFileName('%E2%82%AC5%2Fweek.pdf')).toBe('5week.pdf');
    expect(sanitizeFileName('%D0%AF.pdf')).toBe('Я.pdf');
  });
  it('stops after 10 decoding rounds', () => {
    const encode = (s: string, layers: number) => {
      let out = s;
      for (let i = 0; i < layers; i++) out = encodeURIComponent(out);
      return out;
    };
    expect(sanitizeFileName(encode('ab/c', 10))).toBe('abc');
    // The 11th layer stays as '%2F', whose '%' is then removed.
    expect(sanitizeFileName(encode('ab/c', 11))).toBe('ab2Fc');
  });
  it('keeps letters and digits of any script', () => {
    expect(sanitizeFileName('Сочинение №2.docx')).toBe('Сочинение 2.docx');
    expect(sanitizeFileName('論文 ٣.pdf')).toBe('論文 ٣.pdf');
    expect(sanitizeFileName('café.pdf'.normalize('NFD'))).toBe('café.pdf'.normalize('NFC'));
    expect(sanitizeFileName('हिन्दी.pdf')).toBe('हिन्दी.pdf');
  });
  it("falls back to 'file' when nothing or only dots are left", () => {
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('<>?')).toBe('file');
    expect(sanitizeFileName('   ')).toBe('file');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('%2E%2E%2F')).toBe('file');
    expect(sanitizeFileName('../../x')).toBe('....x');
  });
});
