import { describe, expect, it } from 'vitest';
import { createGeekSchema, GEEK_MESSAGES } from '../src/geeks/geek-schemas.ts';
import { geekPatchSchema } from '../src/ops/back-office.ts';

// The back office shows these under the field (issue 27), not zod's default 'Too small: …'.
describe("a Geek's name and major", () => {
  const messages = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it('are asked for in words when a new Geek leaves them empty', () => {
    expect(messages(createGeekSchema.safeParse({ public_full_name: ' ', major: '' }))).toEqual({
      public_full_name: GEEK_MESSAGES.nameRequired,
      major: GEEK_MESSAGES.majorRequired,
    });
  });

  it('are asked for in words when an edit empties them, and may be left out of an edit', () => {
    expect(messages(geekPatchSchema.safeParse({ major: '  ' }))).toEqual({
      major: GEEK_MESSAGES.majorRequired,
    });
    expect(geekPatchSchema.safeParse({ is_disabled: true }).success).toBe(true);
  });
});
