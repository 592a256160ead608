import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrderNotice } from '@geekly/domain/orders/order-machine.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webRoutes from '../../web/app/routes.ts';
import { sendDueMessageMails } from '../src/modules/messages/message-mail.ts';
import { mailLink } from '../src/modules/notifications/mail-links.ts';
import { queueReceipts } from '../src/modules/notifications/receipts.ts';
import { orderNoticeMail } from '../src/modules/orders/order-notices.ts';
import { findOrderById } from '../src/modules/orders/orders.repository.ts';
import { clientRouteMatcher } from '../src/plugins/web-app.ts';
import { uploadGeekFile } from './helpers/files.ts';
import { topUp } from './helpers/sandbox-card.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Issue 26 item 9: every link of every mail leads to a real page of the web app, never to its 404. The mails
// are sent by the real flows (and each task notice rendered with a real task), read back from the .eml files,
// and each link is matched against the web app's own route table (apps/web/app/routes.ts) by the matcher the
// server uses to answer a 404 (plugins/web-app.ts).

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** The full path pattern of every route, the catch-all left out (it would match anything). */
function routePatterns(entries: RouteEntry[], base = ''): string[] {
  return entries.flatMap((e) => {
    const path = e.path ? `${base.replace(/\/$/, '')}/${e.path}` : base;
    const own = (e.path || e.index) && path !== '/*' ? [path || '/'] : [];
    return [...own, ...routePatterns(e.children ?? [], path)];
  });
}

let t: TestApp;
let ops: string;
let isPage: (path: string) => boolean;
let manifestDir: string;

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  manifestDir = mkdtempSync(join(tmpdir(), 'geekly-routes-'));
  const patterns = routePatterns(webRoutes as RouteEntry[]);
  writeFileSync(join(manifestDir, 'route-manifest.json'), JSON.stringify(patterns));
  const matcher = clientRouteMatcher(manifestDir);
  if (!matcher) throw new Error('no route matcher');
  isPage = matcher;
});
afterAll(async () => {
  await t?.close();
  if (manifestDir) rmSync(manifestDir, { recursive: true, force: true });
});

/** A written .eml with its encoded-word headers and quoted-printable bodies undone. */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, word: string) => word.replace(/_/g, ' '))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Every link of the mails to `email`: the buttons' hrefs and any address written in the text. */
function linksOfMails(email: string) {
  const mails = t
    .sentMail()
    .map(decoded)
    .filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
  return mails.map((m) => ({
    subject: /^Subject: (.*)$/m.exec(m)?.[1] ?? '',
    links: [
      ...new Set([
        ...[...m.matchAll(/href="([^"]+)"/g)].map((x) => (x[1] ?? '').replace(/&amp;/g, '&')),
        ...[...m.matchAll(/https?:\/\/[^\s"<>]+/g)].map((x) => x[0].replace(/[.,)]+$/, '')),
      ]),
    ].filter((l) => !l.includes('w3.org')),
  }));
}

/** Where a link leads: its own path must be a page, and a log-in link's destination (`to`) too. */
function deadEnds(link: string): string[] {
  const url = new URL(link);
  if (url.origin !== 'http://localhost:3000') return [`${link} (off the site)`];
  const dead = isPage(url.pathname) ? [] : [url.pathname];
  if (url.pathname.startsWith('/login/')) {
    const to = url.searchParams.get('to');
    if (!to || !isPage(to)) dead.push(`${url.pathname} → ${to}`);
  }
  return dead;
}

const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: ops, body: { name, ...extra } });

describe('mail links', () => {
  it('match the route table: a made-up path does not, a real one does', () => {
    expect(isPage('/orders')).toBe(true);
    expect(isPage('/order/0b7c6c52-5d8e-4a59-9a57-2f3c1e0d9a10/rating')).toBe(true);
    expect(isPage('/orders/0b7c6c52-5d8e-4a59-9a57-2f3c1e0d9a10')).toBe(true);
    expect(isPage('/my-courses')).toBe(false);
    expect(isPage('/order/x/nothing-here')).toBe(false);
  });

  it('lead to real pages, in every mail a student is sent', async () => {
    const s = await signUpClient(t);
    const geek = await call(t, {
      url: '/ops/geeks',
      token: ops,
      body: { public_full_name: 'Mail L.', major: 'English', public_subjects: ['English'] },
    });
    // A new notification address (its confirmation link) and a new password (the log-in address in its text).
    await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token: s.token,
      body: { notification_email: `n-${s.email}`, password: s.password },
    });
    await call(t, { url: '/users/client/restore', body: { email: s.email, host: 'localhost' } });
    // A task paid, given a Geek, written to by the Geek, delivered and rated 5: receipt, notices, message mail,
    // rating mail, tips mail.
    const order = await pricedOrder(t, s.token, { pages: 1, hours: 100 });
    await creditBalance(t, ops, s.id, 30);
    expect(
      (
        await call(t, {
          url: `/orders/${order._id}/pay`,
          token: s.token,
          body: { account_balance_use: 3000 },
        })
      ).status,
    ).toBe(200);
    expect((await operate(order._id, 'assign_geek', { writer_id: geek.body._id })).status).toBe(200);
    await operate(order._id, 'start_work');
    await call(t, {
      url: `/ops/orders/${order._id}/messages`,
      token: ops,
      body: { message: 'Started', sender_role: 'writer' },
    });
    t.clock.offsetMs += 2 * 60_000;
    await sendDueMessageMails(t.ctx);
    await uploadGeekFile(t, ops, order._id);
    expect((await operate(order._id, 'deliver')).status).toBe(200);
    const rated = await call(t, {
      url: `/orders/${order._id}`,
      token: s.token,
      body: { action: 'client_feedback', mark: 5 },
    });
    expect(rated.status).toBe(200);
    // A card top-up: its receipt opens the balance.
    await topUp(t, s.token, 12);
    await queueReceipts(t.ctx);
    // Every task notice, rendered with this task and the link the transitions issue with it.
    const row = await findOrderById(t.db, order._id);
    if (!row) throw new Error('task missing');
    const notices: OrderNotice[] = [
      'geek_assigned',
      'order_delivered',
      'revision_accepted',
      'revision_declined',
      'revision_delivered',
      'refund_requested',
      'refund_accepted',
      'refund_declined',
    ];
    for (const notice of notices) {
      const link = await mailLink(t.ctx, t.db, s.id, `/order/${order._id}`, 'orderemail');
      await t.ctx.mailer.enqueue(t.db, orderNoticeMail(notice, row, s.email, link));
    }
    await t.ctx.mailer.drain();

    const mails = [...linksOfMails(s.email), ...linksOfMails(`n-${s.email}`)];
    const subjects = mails.map((m) => m.subject).join('\n');
    for (const expected of [
      /Welcome/i,
      /Confirm your e-mail/,
      /new Geekly password/,
      /Receipt/,
      /A Geek is on your task/,
      /new message/i,
      /How did your Geek do\?/,
      /Thank your Geek/,
      /Your task is ready/,
      /refund/i,
    ]) {
      expect(subjects).toMatch(expected);
    }
    const links = mails.flatMap((m) => m.links);
    expect(links.length).toBeGreaterThanOrEqual(mails.length);
    expect(links.flatMap(deadEnds)).toEqual([]);
  });
});
