import { randomBytes } from 'node:crypto';
import { call, type TestApp } from './test-app.ts';

/** A Geek from an application approved in the back office, signed in to the workspace. */
export async function approvedGeek(
  t: TestApp,
  admin: string,
  opts: { name?: string; subjects?: string[]; password?: string; email?: string } = {},
) {
  const email = opts.email ?? `geek-${randomBytes(4).toString('hex')}@example.com`;
  const password = opts.password ?? 'geek password 1';
  const applied = await call(t, {
    url: '/applications',
    ip: t.nextIp(),
    body: {
      kind: 'geek',
      name: opts.name ?? 'Grace Brewster Hopper',
      email,
      password,
      expertise: 'Compilers',
      subject: 'Computer science',
    },
  });
  if (applied.status !== 201)
    throw new Error(`apply failed ${applied.status} ${JSON.stringify(applied.body)}`);
  const approved = await call(t, {
    url: `/ops/applications/${applied.body._id}/approve`,
    token: admin,
    body: { major: 'English', public_subjects: opts.subjects ?? ['English'] },
  });
  if (approved.status !== 201)
    throw new Error(`approve failed ${approved.status} ${JSON.stringify(approved.body)}`);
  const session = await call(t, { url: '/workspace/session', ip: t.nextIp(), body: { email, password } });
  return {
    id: approved.body._id as string,
    applicationId: applied.body._id as string,
    email,
    password,
    token: session.body?.jwt as string,
    session,
  };
}

export const ws = (
  t: TestApp,
  token: string,
  url: string,
  body?: unknown,
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE',
) =>
  call(t, {
    url: `/workspace${url}`,
    token,
    ...(body === undefined ? {} : { body }),
    ...(method ? { method } : {}),
  });

/** The sent mails' bodies (quoted-printable undone), after the outbox is delivered. */
export async function mailsTo(t: TestApp, email: string): Promise<string[]> {
  await t.ctx.mailer.drain();
  return t
    .sentMail()
    .map((eml) =>
      eml
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((m) => m.includes(`To: ${email}`));
}

/** The token of the newest set-password link mailed to `email`. */
export async function setPasswordToken(t: TestApp, email: string) {
  const mails = await mailsTo(t, email);
  const last = mails.filter((m) => m.includes('/workspace/set-password/')).at(-1) ?? '';
  return /\/workspace\/set-password\/([A-Za-z0-9_-]{20,})/.exec(last)?.[1] ?? '';
}
