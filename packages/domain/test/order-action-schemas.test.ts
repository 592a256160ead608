import { describe, expect, it } from 'vitest';
import {
  clientFeedbackSchema,
  clientRefundSchema,
  clientRevisionSchema,
  DEFAULT_REFUND_DESTINATION,
  defaultRevisionDeadline,
  earliestRevisionDeadline,
  isPositiveMark,
  isRevisionDeadlineTooEarly,
  RATING_LABELS,
  RATING_MESSAGES,
  RATING_TAGS,
  REFUND_DESTINATIONS,
  REFUND_MESSAGES,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  REVISION_MESSAGES,
  REVISION_MIN_LEAD_HOURS,
  refundComment,
  refundFormSchema,
  revisionTooEarlyMessage,
} from '../src/orders/order-action-schemas.ts';

type Issue = { message: string; path: PropertyKey[] };
const issuesAt = (r: { error?: { issues: Issue[] } }, key: string) =>
  r.error?.issues.filter((i) => i.path[0] === key).map((i) => i.message) ?? [];
const allIssues = (r: { error?: { issues: Issue[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('rating', () => {
  it('keeps the spec tags, labels and messages', () => {
    expect(RATING_TAGS).toEqual(['content', 'deadline', 'plagiarism', 'format', 'attentiveness', 'other']);
    expect(RATING_LABELS).toEqual({
      1: "It's horrible",
      2: "It's bad",
      3: "It's disappointing",
      4: "It's good",
      5: "It's great!",
    });
    expect(RATING_MESSAGES).toEqual({
      tagsRequired: 'Please, choose at least 1 reason',
      detailsRequired: 'Please, add some details',
    });
  });
  it('calls 4 and 5 positive, 1 to 3 not', () => {
    expect([1, 2, 3, 4, 5].map(isPositiveMark)).toEqual([false, false, false, true, true]);
  });
});

describe('clientFeedbackSchema', () => {
  const base = { action: 'client_feedback' as const };

  it('takes a positive mark without tags', () => {
    expect(clientFeedbackSchema.parse({ ...base, mark: 4 })).toEqual({ ...base, mark: 4 });
    expect(clientFeedbackSchema.safeParse({ ...base, mark: 5, feedback: 'Great' }).success).toBe(true);
  });
  it.each([1, 2, 3])('asks mark %i for a reason', (mark) => {
    const r = clientFeedbackSchema.safeParse({ ...base, mark });
    expect(allIssues(r)).toEqual([['tags', 'Please, choose at least 1 reason']]);
    expect(issuesAt(clientFeedbackSchema.safeParse({ ...base, mark, tags: [] }), 'tags')).toEqual([
      'Please, choose at least 1 reason',
    ]);
  });
  it('takes mark 3 with a reason and trims the feedback', () => {
    expect(clientFeedbackSchema.parse({ ...base, mark: 3, tags: ['deadline'], feedback: ' late ' })).toEqual({
      ...base,
      mark: 3,
      tags: ['deadline'],
      feedback: 'late',
    });
  });
  it.each([undefined, '', '   '])("asks for details with 'other' and feedback %j", (feedback) => {
    const r = clientFeedbackSchema.safeParse({ ...base, mark: 2, tags: ['other'], feedback });
    expect(allIssues(r)).toEqual([['feedback', 'Please, add some details']]);
  });
  it("takes 'other' with details and asks for them on any mark", () => {
    expect(clientFeedbackSchema.safeParse({ ...base, mark: 2, tags: ['other'], feedback: 'x' }).success).toBe(
      true,
    );
    expect(
      issuesAt(clientFeedbackSchema.safeParse({ ...base, mark: 5, tags: ['other'] }), 'feedback'),
    ).toEqual(['Please, add some details']);
  });
  it('takes marks 1 to 5 as integers only', () => {
    for (const mark of [0, 6, 3.5, '4']) {
      expect(
        issuesAt(clientFeedbackSchema.safeParse({ ...base, mark, tags: ['content'] }), 'mark'),
      ).toHaveLength(1);
    }
  });
  it('refuses unknown and repeated tags and more than 6', () => {
    const bad = [['rude'], ['content', 'content'], [...RATING_TAGS, 'content']];
    for (const tags of bad) {
      expect(
        issuesAt(clientFeedbackSchema.safeParse({ ...base, mark: 1, tags }), 'tags').length,
      ).toBeGreaterThan(0);
    }
    expect(
      clientFeedbackSchema.safeParse({ ...base, mark: 1, tags: [...RATING_TAGS], feedback: 'x' }).success,
    ).toBe(true);
  });
  it('caps the feedback at 5000 characters', () => {
    const ok = { ...base, mark: 5, feedback: 'x'.repeat(5000) };
    expect(clientFeedbackSchema.safeParse(ok).success).toBe(true);
    expect(
      issuesAt(clientFeedbackSchema.safeParse({ ...ok, feedback: 'x'.repeat(5001) }), 'feedback'),
    ).toHaveLength(1);
  });
  it('needs the action', () => {
    expect(clientFeedbackSchema.safeParse({ action: 'client_refund', mark: 5 }).success).toBe(false);
  });
});

describe('revision', () => {
  const now = new Date('2026-03-04T10:15:30.000Z');

  it('keeps the spec texts and lead', () => {
    expect(REVISION_MIN_LEAD_HOURS).toBe(24);
    expect(REVISION_MESSAGES).toEqual({
      commentRequired: 'Please, tell us what has to be changed in your order',
      leadNotice: 'Please give us at least 24 hours to complete your revision.',
    });
    expect(revisionTooEarlyMessage('March 05, 2026', '11:00 AM')).toBe(
      'We can do revision only by March 05, 2026 at 11:00 AM',
    );
  });
  it('puts the earliest deadline exactly 24 hours ahead', () => {
    expect(earliestRevisionDeadline(now).toISOString()).toBe('2026-03-05T10:15:30.000Z');
  });
  it('rounds the default deadline up to the next full hour', () => {
    expect(defaultRevisionDeadline(now).toISOString()).toBe('2026-03-05T11:00:00.000Z');
    expect(defaultRevisionDeadline(new Date('2026-03-04T10:00:00.000Z')).toISOString()).toBe(
      '2026-03-05T10:00:00.000Z',
    );
  });
  it('refuses a deadline less than 24 hours ahead', () => {
    expect(isRevisionDeadlineTooEarly(now, new Date('2026-03-05T10:15:29.999Z'))).toBe(true);
    expect(isRevisionDeadlineTooEarly(now, new Date('2026-03-05T10:15:30.000Z'))).toBe(false);
    expect(isRevisionDeadlineTooEarly(now, defaultRevisionDeadline(now))).toBe(false);
  });
});

describe('clientRevisionSchema', () => {
  const body = {
    action: 'client_revision' as const,
    comment: ' Fix the intro ',
    revision_deadline: '2026-03-05T11:00:00.000Z',
    files: ['f1', 'f2'],
  };

  it('trims the comment', () => {
    expect(clientRevisionSchema.parse(body)).toEqual({ ...body, comment: 'Fix the intro' });
    const { files: _files, ...withoutFiles } = body;
    expect(clientRevisionSchema.safeParse(withoutFiles).success).toBe(true);
  });
  it.each(['', '   '])('asks for a comment instead of %j', (comment) => {
    expect(issuesAt(clientRevisionSchema.safeParse({ ...body, comment }), 'comment')).toEqual([
      'Please, tell us what has to be changed in your order',
    ]);
  });
  it('caps the comment at 10000 characters and the files at 20', () => {
    expect(clientRevisionSchema.safeParse({ ...body, comment: 'x'.repeat(10_000) }).success).toBe(true);
    expect(clientRevisionSchema.safeParse({ ...body, comment: 'x'.repeat(10_001) }).success).toBe(false);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
    expect(clientRevisionSchema.safeParse({ ...body, files: ids(20) }).success).toBe(true);
    expect(issuesAt(clientRevisionSchema.safeParse({ ...body, files: ids(21) }), 'files')).toHaveLength(1);
    expect(issuesAt(clientRevisionSchema.safeParse({ ...body, files: [''] }), 'files')).toHaveLength(1);
  });
  it('takes an ISO date-time with offset only', () => {
    expect(
      clientRevisionSchema.safeParse({ ...body, revision_deadline: '2026-03-05T11:00:00+02:00' }).success,
    ).toBe(true);
    expect(
      issuesAt(
        clientRevisionSchema.safeParse({ ...body, revision_deadline: 'tomorrow' }),
        'revision_deadline',
      ),
    ).toHaveLength(1);
  });
});

describe('refund', () => {
  it('names five reasons, each with a label, and two destinations defaulting to balance', () => {
    expect(REFUND_REASONS).toEqual(['quality', 'deadline', 'no_longer_needed', 'found_elsewhere', 'other']);
    expect(Object.keys(REFUND_REASON_LABELS).sort()).toEqual([...REFUND_REASONS].sort());
    expect(Object.values(REFUND_REASON_LABELS).every((l) => l.length > 0)).toBe(true);
    expect(REFUND_DESTINATIONS).toEqual(['balance', 'card']);
    expect(DEFAULT_REFUND_DESTINATION).toBe('balance');
    expect(REFUND_MESSAGES).toEqual({
      reasonRequired: 'Please, choose a reason',
      messageRequired: 'Please, tell us why you want a refund',
    });
  });
});

describe('refundFormSchema', () => {
  it('defaults the destination to balance and trims the message', () => {
    expect(refundFormSchema.parse({ reason: 'deadline', message: ' too late ' })).toEqual({
      reason: 'deadline',
      message: 'too late',
      destination: 'balance',
    });
    expect(refundFormSchema.parse({ reason: 'quality', destination: 'card' })).toEqual({
      reason: 'quality',
      destination: 'card',
    });
  });
  it.each([{}, { reason: '' }, { reason: 'bored' }])('asks for a reason when given %j', (input) => {
    expect(issuesAt(refundFormSchema.safeParse(input), 'reason')).toEqual(['Please, choose a reason']);
  });
  it.each([undefined, '', '  '])("asks 'other' for a message when given %j", (message) => {
    expect(allIssues(refundFormSchema.safeParse({ reason: 'other', message }))).toEqual([
      ['message', 'Please, tell us why you want a refund'],
    ]);
  });
  it("takes 'other' with a message", () => {
    expect(refundFormSchema.safeParse({ reason: 'other', message: 'Changed course' }).success).toBe(true);
  });
  it('refuses an unknown destination and a message over 5000 characters', () => {
    expect(
      issuesAt(refundFormSchema.safeParse({ reason: 'quality', destination: 'cash' }), 'destination'),
    ).toHaveLength(1);
    expect(refundFormSchema.safeParse({ reason: 'quality', message: 'x'.repeat(5000) }).success).toBe(true);
    expect(
      issuesAt(refundFormSchema.safeParse({ reason: 'quality', message: 'x'.repeat(5001) }), 'message'),
    ).toHaveLength(1);
  });
});

describe('refundComment', () => {
  it("sends '{destination} - {message}' when there is a message", () => {
    expect(refundComment({ reason: 'other', message: 'Changed course', destination: 'card' })).toBe(
      'card - Changed course',
    );
  });
  it("falls back to the reason's label", () => {
    expect(refundComment({ reason: 'found_elsewhere', destination: 'balance' })).toBe(
      `balance - ${REFUND_REASON_LABELS.found_elsewhere}`,
    );
    expect(refundComment({ reason: 'quality', message: '  ', destination: 'card' })).toBe(
      `card - ${REFUND_REASON_LABELS.quality}`,
    );
  });
  it('fits the API body', () => {
    const form = refundFormSchema.parse({ reason: 'deadline' });
    expect(
      clientRefundSchema.parse({
        action: 'client_refund',
        comment: refundComment(form),
        refund_to: form.destination,
      }),
    ).toEqual({
      action: 'client_refund',
      comment: 'balance - The deadline was missed',
      refund_to: 'balance',
    });
  });
});

describe('clientRefundSchema', () => {
  it('needs a comment of at most 10000 characters', () => {
    expect(clientRefundSchema.parse({ action: 'client_refund', comment: ' x ' })).toEqual({
      action: 'client_refund',
      comment: 'x',
    });
    expect(
      issuesAt(clientRefundSchema.safeParse({ action: 'client_refund', comment: ' ' }), 'comment'),
    ).toEqual(['Please, tell us why you want a refund']);
    expect(
      clientRefundSchema.safeParse({ action: 'client_refund', comment: 'x'.repeat(10_000) }).success,
    ).toBe(true);
    expect(
      clientRefundSchema.safeParse({ action: 'client_refund', comment: 'x'.repeat(10_001) }).success,
    ).toBe(false);
  });
  it('takes only the known destinations', () => {
    expect(
      clientRefundSchema.safeParse({ action: 'client_refund', comment: 'x', refund_to: 'card' }).success,
    ).toBe(true);
    expect(
      issuesAt(
        clientRefundSchema.safeParse({ action: 'client_refund', comment: 'x', refund_to: 'cash' }),
        'refund_to',
      ),
    ).toHaveLength(1);
  });
});
