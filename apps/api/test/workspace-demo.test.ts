import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { ensureAutopilotAccount } from '../src/modules/autopilot/autopilot.repository.ts';
import { runAutopilot } from '../src/modules/autopilot/autopilot.ts';
import { WORK_TIMES } from '../src/modules/autopilot/autopilot-plan.ts';
import { auditLogOf, call, createTestApp, staffToken, type TestApp } from './helpers/test-app.ts';
import { approvedGeek, openTask, uploadWorkspaceFile, ws } from './helpers/workspace.ts';

// Issue 31 item 10: the demo autopilot plays simulated Geeks only, waits half its time before taking an offer,
// leaves a real Geek's task alone and passes their delivery through the quality check after a short wait.
let t: TestApp;
let admin: string;
const MINUTES = 10;
beforeAll(async () => {
  t = await createTestApp({ AUTOPILOT_MINUTES: String(MINUTES), SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
});
afterAll(() => t?.close());

const pass = async () => runAutopilot(t.ctx, await ensureAutopilotAccount(t.db));
const at = (share: number) => share * MINUTES * 60_000;

describe('the demo autopilot and real Geeks', () => {
  it('takes an offer only after half its time, never for a real Geek; leaves a real Geek’s task alone but passes its check', async () => {
    expect(WORK_TIMES.assign_geek - WORK_TIMES.accept_instructions).toBeGreaterThanOrEqual(0.5);
    const real = await approvedGeek(t, admin, { subjects: ['English'] });
    // A simulated Geek (no log-in), as the demo seeds them.
    await t.db
      .insert(geeks)
      .values({ publicFullName: 'Sim U.', major: 'English', publicSubjects: ['English'] });
    // A task the autopilot checks and, later, gives a simulated Geek.
    const simulated = await openTask(t, admin, { accept: false });
    const byHand = await openTask(t, admin, { accept: false });
    await pass();
    t.clock.offsetMs = at(0.15);
    await pass();
    // Instructions accepted by the autopilot: an offer for the real Geek.
    expect((await ws(t, real.token, '/offers')).body.results.map((o: { _id: string }) => o._id)).toEqual(
      expect.arrayContaining([simulated.id, byHand.id]),
    );
    t.clock.offsetMs = at(0.5);
    await pass();
    expect(
      (await call(t, { url: `/orders/${simulated.id}`, token: simulated.student.token })).body.client_status,
    ).toBe(null);
    // The real Geek takes one; the autopilot gives the other to a simulated Geek after half its time.
    expect((await ws(t, real.token, `/offers/${byHand.id}/take`, {})).status).toBe(200);
    t.clock.offsetMs = at(0.65);
    await pass();
    const other = await call(t, { url: `/ops/orders/${simulated.id}`, token: admin });
    expect(other.body.client_status).toBe('Nerd found');
    expect(other.body.geek_name).toBe('Sim U.');
    // The real Geek's task: nothing done by the autopilot, however long.
    t.clock.offsetMs = at(1.2);
    await pass();
    const mine = await ws(t, real.token, `/tasks/${byHand.id}`);
    expect(mine.body.stage).toBe('start');
    await ws(t, real.token, `/tasks/${byHand.id}/transitions`, { name: 'start_work' });
    expect((await uploadWorkspaceFile(t, real.token, byHand.id)).status).toBe(201);
    expect((await ws(t, real.token, `/tasks/${byHand.id}/transitions`, { name: 'deliver' })).body.stage).toBe(
      'check',
    );
    await pass();
    expect((await ws(t, real.token, `/tasks/${byHand.id}`)).body.stage).toBe('check');
    t.clock.offsetMs = at(1.2) + at(0.15);
    await pass();
    expect((await ws(t, real.token, `/tasks/${byHand.id}`)).body.stage).toBe('delivered');
    const audit = await auditLogOf(t, admin, byHand.id);
    expect(audit.find((a) => a.action === 'transition:pass_check')?.actor).toBe('autopilot');
    // Before the take it checked the instructions; after it, only the quality check.
    expect(audit.filter((a) => a.actor === 'autopilot').map((a) => a.action)).toEqual([
      'transition:pass_check',
      'transition:accept_instructions',
    ]);
  });
});
