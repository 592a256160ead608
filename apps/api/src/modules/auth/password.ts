import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (docs/decisions/001-stack.md): m=19456 KiB, t=2, p=1.
// 2 is Algorithm.Argon2id (an ambient const enum, which verbatimModuleSyntax cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// An account made by Sign in with Google has no password (decision 040): a password is checked against this
// instead, so the answer takes as long as for an account that has one, and is never true.
let noPassword: Promise<string> | null = null;

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  try {
    if (hashed === null) {
      noPassword ??= hashPassword(`no password ${Math.random()}`);
      await verify(await noPassword, password);
      return false;
    }
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
