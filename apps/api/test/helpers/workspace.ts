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

/** A student's task paid in full from the balance, its instructions accepted by staff: an offer. */
export async function openTask(t: TestApp, admin: string, opts: { subject?: string; accept?: boolean } = {}) {
  const { creditBalance, pricedOrder, signUpClient } = await import('./test-app.ts');
  const student = await signUpClient(t);
  await creditBalance(t, admin, student.id, 300);
  const order = await pricedOrder(t, student.token, { subject: opts.subject ?? 'English' });
  const paid = await call(t, {
    url: `/orders/${order._id}/pay`,
    token: student.token,
    body: { account_balance_use: 100_000 },
  });
  if (paid.status !== 200) throw new Error(`pay failed ${paid.status}`);
  if (opts.accept !== false) {
    const ok = await call(t, {
      url: `/ops/orders/${order._id}/transitions`,
      token: admin,
      body: { name: 'accept_instructions' },
    });
    if (ok.status !== 200) throw new Error(`accept_instructions failed ${ok.status}`);
  }
  return { student, id: order._id as string };
}

/** Presign, upload and attach one Geek file through the workspace. */
export async function uploadWorkspaceFile(
  t: TestApp,
  token: string,
  orderId: string,
  file: { type?: string; plag_level?: number; plag_status?: string; name?: string } = {},
) {
  const { pdfBytes, postToLocalStorage } = await import('./files.ts');
  const bytes = pdfBytes(2048, 'w');
  const name = file.name ?? 'final.pdf';
  const signed = await ws(t, token, `/tasks/${orderId}/uploads`, {
    name,
    size: bytes.length,
    type: 'application/pdf',
  });
  if (signed.status !== 201) return signed;
  const stored = await postToLocalStorage(t, signed.body, bytes);
  if (stored.status !== 204) throw new Error(`upload failed ${stored.status}`);
  const { name: _n, ...rest } = file;
  return ws(t, token, `/tasks/${orderId}/files`, {
    files: [{ location: signed.body.location, name, size: bytes.length, type: 'file_final_draft', ...rest }],
  });
}
