import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../src/db/schema.ts';
import { verifyPassword } from '../src/modules/auth/password.ts';
import { call, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const apply = (body: Record<string, unknown>, ip = t.nextIp()) => call(t, { url: '/applications', body, ip });
const stored = async () => (await t.db.select({ n: count() }).from(applications))[0]?.n ?? 0;

const geek = {
  kind: 'geek',
  name: ' Ann Lee ',
  email: ' Ann.Lee@Example.COM ',
  password: 'secret1',
  expertise: 'I teach algebra',
  subject: 'Mathematics',
};
const teacher = { kind: 'teacher', name: 'Bob', school: 'Hill High', email: 'bob@hill.edu' };
const institution = { ...teacher, kind: 'institution', comment: '300 students, 12 teachers' };

describe('POST /applications', () => {
  it('stores a Geek application with the password as an argon2id hash, no log-in needed', async () => {
    const res = await apply(geek, '10.50.0.1');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ _id: expect.any(String) });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, res.body._id));
    expect(row).toMatchObject({
      kind: 'geek',
      name: 'Ann Lee',
      email: 'ann.lee@example.com',
      expertise: 'I teach algebra',
      subject: 'Mathematics',
      school: null,
      comment: null,
      ip: '10.50.0.1',
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('secret1');
    expect(await verifyPassword(row?.passwordHash ?? '', 'secret1')).toBe(true);
  });

  it('stores the teacher beta sign-up and the institution application', async () => {
    const a = await apply(teacher);
    const b = await apply(institution);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ta] = await t.db.select().from(applications).where(eq(applications.id, a.body._id));
    const [ins] = await t.db.select().from(applications).where(eq(applications.id, b.body._id));
    expect(ta).toMatchObject({ kind: 'teacher', name: 'Bob', school: 'Hill High', passwordHash: null });
    expect(ins).toMatchObject({ kind: 'institution', comment: '300 students, 12 teachers' });
  });

  it.each([
    [{ ...geek, name: '  ' }, 'name', 'Please, enter your name'],
    [{ ...geek, email: 'ann@' }, 'email', 'Please enter a valid email address'],
    [{ ...geek, password: '12345' }, 'password', 'Your password should be at least 6 symbols long'],
    [{ ...geek, expertise: '' }, 'expertise', 'Please, tell us about your expertise'],
    [{ ...geek, subject: ' ' }, 'subject', 'Please, tell us your subject'],
    [{ ...teacher, name: '' }, 'name', 'Oops, name is required'],
    [{ ...teacher, school: '' }, 'school', 'Oops, school is required'],
    [{ ...teacher, email: 'bob@hill' }, 'email', 'Oops, check your email format'],
    [{ kind: 'teacher', name: '', school: '', email: '' }, '_', 'Please, fill in all fields'],
    [{ ...institution, comment: ' ' }, 'comment', 'Oops, comment is required'],
    [{ ...institution, comment: 'x'.repeat(10_001) }, 'comment', expect.any(String)],
    [{ ...teacher, school: 's'.repeat(101) }, 'school', expect.any(String)],
    [{ ...teacher, kind: 'admin' }, 'kind', expect.any(String)],
  ])('refuses %j with 422, the message for %s, and stores nothing', async (body, field, message) => {
    const before = await stored();
    const res = await apply(body);
    expect(res.status).toBe(422);
    expect(res.body.error_type).toBe('validation');
    expect(res.body.error_value[field]).toEqual(message);
    expect(await stored()).toBe(before);
  });

  it('refuses a cross-site form post (CSRF guard) and stores nothing', async () => {
    const before = await stored();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/applications',
      payload: teacher,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('rate-limits applications from one address like sign-ups', async () => {
    const ip = '10.51.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await apply({ kind: 'teacher' }, ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
