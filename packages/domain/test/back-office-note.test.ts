import { describe, expect, it } from 'vitest';
import { noteSchema } from '../src/ops/back-office.ts';

// The fuzz suite found a 500: a note with a NUL character reached PostgreSQL, whose text cannot hold one.
describe('a staff note', () => {
  it('is refused with a NUL character, and taken without one', () => {
    expect(noteSchema.safeParse({ body: 'checked the brief\u0000' }).success).toBe(false);
    expect(noteSchema.safeParse({ body: '\u0000' }).success).toBe(false);
    expect(noteSchema.parse({ body: '  checked the brief  ' })).toEqual({ body: 'checked the brief' });
    expect(noteSchema.safeParse({ body: '   ' }).success).toBe(false);
  });
});
