import { describe, expect, it } from 'vitest';
import {
  draftDeadline,
  mayTakeOffer,
  PREFERRED_GEEK_HOLD_MS,
  publicGeekName,
  workspaceStage,
} from '../src/workspace/workspace-contract.ts';

const now = new Date('2026-11-27T12:00:00Z');
const paidAt = new Date(now.getTime() - 3_600_000);
const geek = { id: 'g1', subjects: ['History'], top: false, available: true, disabled: false };
const task = { subject: 'History', services: [], paidAt };

describe('who may take an offer (decision 047)', () => {
  it('needs the course among the Geek subjects', () => {
    expect(mayTakeOffer(task, geek, now)).toBe(true);
    expect(mayTakeOffer({ ...task, subject: 'Biology' }, geek, now)).toBe(false);
  });
  it('gives an Away or disabled Geek none', () => {
    expect(mayTakeOffer(task, { ...geek, available: false }, now)).toBe(false);
    expect(mayTakeOffer(task, { ...geek, disabled: true }, now)).toBe(false);
  });
  it('keeps a Preferred Geek task for the chosen Geek for 12 hours after payment, whatever the subjects', () => {
    const pref = { ...task, services: [{ tag: 'client_recomended_writer', writerId: 'g2' }] };
    expect(mayTakeOffer(pref, geek, now)).toBe(false);
    expect(mayTakeOffer({ ...pref, subject: 'Biology' }, { ...geek, id: 'g2' }, now)).toBe(true);
    const later = new Date(paidAt.getTime() + PREFERRED_GEEK_HOLD_MS);
    expect(mayTakeOffer(pref, geek, later)).toBe(true);
    expect(mayTakeOffer(pref, geek, new Date(later.getTime() - 1))).toBe(false);
  });
  it('keeps a TOP Geek task for TOP Geeks', () => {
    const top = { ...task, services: [{ tag: 'top_writer' }] };
    expect(mayTakeOffer(top, geek, now)).toBe(false);
    expect(mayTakeOffer(top, { ...geek, top: true }, now)).toBe(true);
  });
});

describe('workspace helpers', () => {
  it('names a Geek "First L."', () => {
    expect(publicGeekName('  ada   king lovelace ')).toBe('ada L.');
    expect(publicGeekName('Plato')).toBe('Plato');
  });
  it('puts the draft halfway from payment to the deadline', () => {
    expect(draftDeadline(null, now)).toBeNull();
    expect(draftDeadline(new Date(0), new Date(10_000))?.getTime()).toBe(5000);
  });
  it('groups tasks by what the Geek does next', () => {
    const base = { system_client_status: 'In Progress', tags: [], accepted: false, refunded: false };
    expect(workspaceStage({ ...base, client_status: 'Nerd found' })).toBe('start');
    expect(workspaceStage({ ...base, client_status: 'In progress' })).toBe('write');
    expect(workspaceStage({ ...base, client_status: 'In progress', tags: ['quality_check'] })).toBe('check');
    expect(workspaceStage({ ...base, client_status: 'On revision' })).toBe('revise');
    expect(workspaceStage({ ...base, system_client_status: 'Completed', client_status: 'Sent' })).toBe(
      'delivered',
    );
    expect(workspaceStage({ ...base, client_status: 'Sent', accepted: true })).toBe('accepted');
    expect(workspaceStage({ ...base, client_status: 'Sent', refunded: true })).toBe('closed');
  });
});
