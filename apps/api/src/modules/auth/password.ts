import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (DESIGN.md "Stack"): m=19456 KiB, t=2, p=1.
// 2 is Algorithm.Argon2id (an ambient const enum, which verbatimModuleSyntax cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
