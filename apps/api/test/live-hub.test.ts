import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { EVENTS_CHANNEL, type EventNotice } from '../src/modules/events/events.repository.ts';
import { LiveHub } from '../src/modules/events/live-hub.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** A socket that records what the hub wrote to it. */
function fakeSocket() {
  const written: string[] = [];
  const socket = {
    destroyed: false,
    writableEnded: false,
    cork() {},
    uncork() {},
    write(chunk: string | Buffer) {
      written.push(chunk.toString());
      return true;
    },
    destroy() {
      socket.destroyed = true;
    },
  };
  return { socket: socket as unknown as Socket, written };
}

const nobody = { present() {}, absent() {} };
const tick = () => new Promise((r) => process.nextTick(r));

describe('the live hub picks the streams each notice reaches (decision 067)', () => {
  it("a student hears their order, message and balance events; a Geek their offers, tasks and messages; staff every task's order, message and records events", async () => {
    const hub = new LiveHub(nobody);
    const student = fakeSocket();
    const geek = fakeSocket();
    const staff = fakeSocket();
    hub.students.add('student', 1, student.socket).held = null;
    hub.geeks.add('geek', 1, geek.socket).held = null;
    hub.staff.add('admin', 1, Number.MAX_SAFE_INTEGER, staff.socket).held = null;
    const notices: EventNotice[] = [
      { id: 1, u: 'student', t: 'message', o: 'order-1' },
      { id: 2, u: 'student', t: 'balance', o: null },
      { id: 3, u: 'student', t: 'records', o: 'order-1' },
      { id: 4, u: 'geek', t: 'offer', o: 'order-2' },
      { id: 5, u: 'geek', t: 'order', o: 'order-2' },
      { id: 6, u: 'someone else', t: 'order', o: 'order-3' },
    ];
    const picked = notices.map((n) => hub.deliver(n));
    await tick();
    expect(picked).toEqual([2, 1, 1, 1, 2, 1]);
    const ids = (w: string[]) => w.map((f) => Number(/^id: (\d+)/.exec(f)?.[1]));
    expect(ids(student.written)).toEqual([1, 2]);
    expect(ids(geek.written)).toEqual([4, 5]);
    expect(ids(staff.written)).toEqual([1, 3, 5, 6]);
    // One frame for every stream it reaches.
    expect(staff.written[0]).toBe(student.written[0]);
    expect(student.written[0]).toBe('id: 1\ndata: {"type":"message","order_id":"order-1"}\n\n');
  });

  it('a revocation ends the streams its user opened with an older session, in every audience', () => {
    const hub = new LiveHub(nobody);
    const student = fakeSocket();
    const staff = fakeSocket();
    const staffNewer = fakeSocket();
    hub.students.add('u', 1, student.socket);
    hub.staff.add('u', 1, Number.MAX_SAFE_INTEGER, staff.socket);
    hub.staff.add('u', 2, Number.MAX_SAFE_INTEGER, staffNewer.socket);
    hub.deliver({ t: 'revoked', u: 'u', v: 2 });
    expect([student.socket.destroyed, staff.socket.destroyed, staffNewer.socket.destroyed]).toEqual([
      true,
      true,
      false,
    ]);
    expect(hub.subscriberCount).toBe(1);
  });
});

describe('one LISTEN per process (decision 067)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The connections to this test's database whose last statement was a LISTEN (PostgreSQL). */
  const listeningConnections = async () => {
    const result = await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN %'`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };

  it('an app listens on the events channel once, for students, Geeks and staff alike', async () => {
    const channels: string[] = [];
    const database: DatabaseHandle = {
      ...t.ctx.database,
      listen: (channel, onPayload, onReconnected) => {
        channels.push(channel);
        return t.ctx.database.listen(channel, onPayload, onReconnected);
      },
    };
    const before = t.ctx.database.kind === 'postgres' ? await listeningConnections() : 0;
    const app = await buildApp(
      { ...t.ctx, database, sandbox: null },
      { webRoot: join(tmpdir(), 'no-web-build') },
    );
    await app.ready();
    try {
      expect(channels).toEqual([EVENTS_CHANNEL]);
      // On PostgreSQL a LISTEN is a connection of its own: the app added one.
      if (t.ctx.database.kind === 'postgres') expect((await listeningConnections()) - before).toBe(1);
    } finally {
      await app.close();
    }
  });
});
