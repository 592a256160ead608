import { describe, expect, it } from 'vitest';
import {
  CLIENT_FILE_TYPES,
  canDownloadGeekFiles,
  canRemoveClientFiles,
  clientFileTypeFor,
  countDeliverableFinalDrafts,
  filesForClient,
  GEEK_FILE_TYPES,
  isFileLocked,
  LOCKED_FILE_TEXT,
  ORDER_FILE_TYPES,
  type OrderFileInput,
  type OrderFileType,
  showsFilesFromGeek,
  visibleGeekFiles,
} from '../src/orders/geek-files.ts';
import type { ClientStatus, OrderStatusInput } from '../src/orders/order-status.ts';
import { delivered as deliveredFields, orderFrom, unpaidOrder } from './fixtures/order-fixtures.ts';

// The unpaid $100 task without a deadline; each case below changes what its rule needs.
const base: OrderStatusInput = { ...unpaidOrder, deadline: null };
const order = orderFrom(base);

// A delivered, fully paid task: under review, so Geek files may show.
const delivered = order(deliveredFields);

const file = (type: OrderFileType, f: Partial<OrderFileInput> = {}): OrderFileInput => ({
  type,
  deleted: false,
  plag_status: null,
  plag_level: null,
  override_pgch: false,
  ...f,
});
const shown = <F extends OrderFileInput>(files: F[], o: OrderStatusInput = delivered) =>
  visibleGeekFiles(o, files);

describe('file types', () => {
  it('are the eight of docs/product/tasks-and-pricing.md', () => {
    expect(ORDER_FILE_TYPES).toEqual([
      'order_form',
      'client_revision_request_file',
      'file_final_draft',
      'file_final_draft_comment',
      'file_final_draft_proofread',
      'file_draft_paper',
      'plagreport_file_final_draft',
      'allocates',
    ]);
  });
  it('split into Geek files and client files, with allocates in neither', () => {
    expect(GEEK_FILE_TYPES).toEqual([
      'file_final_draft',
      'file_final_draft_comment',
      'file_final_draft_proofread',
      'file_draft_paper',
      'plagreport_file_final_draft',
    ]);
    expect(CLIENT_FILE_TYPES).toEqual(['order_form', 'client_revision_request_file']);
    for (const t of CLIENT_FILE_TYPES) expect(GEEK_FILE_TYPES).not.toContain(t);
    expect(GEEK_FILE_TYPES).not.toContain('allocates');
    expect(CLIENT_FILE_TYPES).not.toContain('allocates');
  });
});

describe('visibleGeekFiles', () => {
  it.each(['Sent', 'Revision sent', 'Revision requested', 'In progress'] as const)(
    'shows Geek files while under review (%s)',
    (client_status) => {
      const files = [file('file_final_draft'), file('file_draft_paper')];
      expect(shown(files, order({ ...delivered, client_status }))).toEqual(files);
    },
  );
  it.each(['Nerd found', 'Final touches', 'On revision', null] as const)(
    'shows nothing outside review states (%s)',
    (client_status: ClientStatus | null) => {
      expect(
        shown([file('file_final_draft'), file('file_draft_paper')], order({ ...delivered, client_status })),
      ).toEqual([]);
    },
  );
  it('shows every Geek file type with clean plagiarism data, in order', () => {
    const files = [
      file('file_draft_paper'),
      file('file_final_draft', { plag_status: 'clean', plag_level: 3 }),
      file('file_final_draft_comment'),
      file('file_final_draft_proofread'),
      file('plagreport_file_final_draft', { plag_level: 0 }),
    ];
    expect(shown(files)).toEqual(files);
  });
  it('never shows client files or allocates', () => {
    expect(shown([file('order_form'), file('client_revision_request_file'), file('allocates')])).toEqual([]);
    expect(
      shown([file('order_form', { override_pgch: true }), file('allocates', { override_pgch: true })]),
    ).toEqual([]);
  });
  it('never shows deleted files, even overridden ones', () => {
    for (const t of GEEK_FILE_TYPES) {
      expect(shown([file(t, { deleted: true, plag_level: 0 })])).toEqual([]);
      expect(shown([file(t, { deleted: true, override_pgch: true })])).toEqual([]);
    }
  });
  it('hides the final draft when plagiarism is found, unless overridden', () => {
    expect(shown([file('file_final_draft', { plag_status: 'found' })])).toEqual([]);
    const overridden = file('file_final_draft', { plag_status: 'found', override_pgch: true });
    expect(shown([overridden])).toEqual([overridden]);
  });
  it.each([null, 'not_found', 'checking', 'clean', 'Found '])(
    'shows the final draft for plagiarism status %j',
    (plag_status) => {
      const f = file('file_final_draft', { plag_status });
      expect(shown([f])).toEqual([f]);
    },
  );
  it('applies the found status to the final draft only', () => {
    const others = (
      ['file_final_draft_comment', 'file_final_draft_proofread', 'file_draft_paper'] as const
    ).map((t) => file(t, { plag_status: 'found' }));
    expect(shown(others)).toEqual(others);
  });
  it('shows the plagiarism report under level 10, or when overridden', () => {
    const report = (f: Partial<OrderFileInput>) => file('plagreport_file_final_draft', f);
    for (const plag_level of [0, 9, 9.99]) expect(shown([report({ plag_level })])).toHaveLength(1);
    for (const plag_level of [10, 10.01, 50, null]) expect(shown([report({ plag_level })])).toEqual([]);
    for (const plag_level of [10, 100, null])
      expect(shown([report({ plag_level, override_pgch: true })])).toHaveLength(1);
  });
  it('applies the plag level to the report only', () => {
    const draft = file('file_final_draft', { plag_level: 50 });
    expect(shown([draft])).toEqual([draft]);
  });
  it('filters a mixed list and keeps the extra fields of each file', () => {
    const named = (name: string, type: OrderFileType, f?: Partial<OrderFileInput>) => ({
      ...file(type, f),
      name,
    });
    const files = [
      named('brief.pdf', 'order_form'),
      named('draft.docx', 'file_final_draft', { plag_status: 'found' }),
      named('report.pdf', 'plagreport_file_final_draft', { plag_level: 9 }),
      named('old.docx', 'file_draft_paper', { deleted: true }),
      named('notes.docx', 'file_final_draft_comment'),
    ];
    expect(shown(files).map((f) => f.name)).toEqual(['report.pdf', 'notes.docx']);
  });
});

describe('showsFilesFromGeek', () => {
  it('shows when not looking for a Geek and not refunded', () => {
    expect(showsFilesFromGeek(delivered)).toBe(true);
    expect(showsFilesFromGeek(base)).toBe(true);
    expect(showsFilesFromGeek(order({ system_client_status: 'In Progress', paidCents: 3000 }))).toBe(true);
  });
  it('hides while looking for a Geek with no writer', () => {
    expect(showsFilesFromGeek(order({ system_client_status: 'Paid', paidCents: 3000 }))).toBe(false);
    expect(showsFilesFromGeek(order({ system_client_status: 'Refund Declined', paidCents: 3000 }))).toBe(
      false,
    );
  });
  it('hides for a refunded task with no writer', () => {
    expect(showsFilesFromGeek(order({ refunded: true }))).toBe(false);
    expect(showsFilesFromGeek(order({ system_client_status: 'Refund Accepted' }))).toBe(false);
  });
  it('shows whenever a writer is set', () => {
    expect(showsFilesFromGeek(order({ system_client_status: 'Paid', paidCents: 3000, geekId: 'g1' }))).toBe(
      true,
    );
    expect(showsFilesFromGeek(order({ ...delivered, refunded: true }))).toBe(true);
    expect(showsFilesFromGeek(order({ system_client_status: 'Refund Accepted', geekId: 'g1' }))).toBe(true);
  });
  it('treats an empty writer id as no writer', () => {
    expect(showsFilesFromGeek(order({ refunded: true, geekId: '' }))).toBe(false);
  });
});

describe('canDownloadGeekFiles', () => {
  it('allows download only when fully paid', () => {
    expect(canDownloadGeekFiles(order({ paidCents: 0 }))).toBe(false);
    expect(canDownloadGeekFiles(order({ paidCents: 3000 }))).toBe(false);
    expect(canDownloadGeekFiles(order({ paidCents: 9999 }))).toBe(false);
    expect(canDownloadGeekFiles(order({ paidCents: 10000 }))).toBe(true);
    expect(canDownloadGeekFiles(order({ paidCents: 10001 }))).toBe(true);
    expect(canDownloadGeekFiles(order({ paidCents: 3000, priceCents: null }))).toBe(false);
  });
  it('has the docs/product/tasks-and-pricing.md locked text', () => {
    expect(LOCKED_FILE_TEXT).toBe('You can unlock file after full payment');
  });
});

describe('canRemoveClientFiles', () => {
  it('allows removal only while unpaid', () => {
    expect(canRemoveClientFiles(base)).toBe(true);
    expect(canRemoveClientFiles(order({ paidCents: 1 }))).toBe(false);
    expect(canRemoveClientFiles(order({ paidCents: 3000 }))).toBe(false);
    expect(canRemoveClientFiles(order({ paidCents: 10000 }))).toBe(false);
  });
  it.each([
    { profile_arch: 1 },
    { system_client_status: 'Deleted' as const },
    { tags: ['delete_order'] },
    { client_remove: true },
  ])('forbids removal on a deleted task (%j)', (deleted) => {
    expect(canRemoveClientFiles(order(deleted))).toBe(false);
  });
});

describe('countDeliverableFinalDrafts', () => {
  it('counts final drafts the client will see, and nothing else', () => {
    expect(countDeliverableFinalDrafts([])).toBe(0);
    expect(countDeliverableFinalDrafts([file('file_final_draft')])).toBe(1);
    expect(countDeliverableFinalDrafts([file('file_final_draft'), file('file_final_draft')])).toBe(2);
    expect(countDeliverableFinalDrafts([file('file_draft_paper'), file('order_form')])).toBe(0);
    expect(countDeliverableFinalDrafts([file('file_final_draft', { deleted: true })])).toBe(0);
    expect(countDeliverableFinalDrafts([file('file_final_draft', { plag_status: 'found' })])).toBe(0);
    expect(
      countDeliverableFinalDrafts([file('file_final_draft', { plag_status: 'found', override_pgch: true })]),
    ).toBe(1);
  });
});

describe('filesForClient', () => {
  const own = file('order_form');
  const revision = file('client_revision_request_file');
  const draft = file('file_final_draft');
  const plagiarised = file('file_final_draft', { plag_status: 'found' });
  it("keeps the client's own files in every state and the Geek files only under review", () => {
    expect(filesForClient(base, [own, revision, draft])).toEqual([own, revision]);
    expect(filesForClient(delivered, [own, draft, plagiarised, revision])).toEqual([own, draft, revision]);
  });
  it('leaves out removed files and allocates', () => {
    expect(filesForClient(delivered, [file('order_form', { deleted: true }), file('allocates')])).toEqual([]);
  });
});

describe('isFileLocked', () => {
  it('locks Geek files until full payment, never the client’s own', () => {
    const partly = order({ ...deliveredFields, paidCents: 3000 });
    expect(isFileLocked(partly, 'file_final_draft')).toBe(true);
    expect(isFileLocked(partly, 'plagreport_file_final_draft')).toBe(true);
    expect(isFileLocked(partly, 'order_form')).toBe(false);
    expect(isFileLocked(delivered, 'file_final_draft')).toBe(false);
  });
});

describe('clientFileTypeFor', () => {
  it('records task uploads as order_form and revision uploads as client_revision_request_file', () => {
    expect(clientFileTypeFor('order')).toBe('order_form');
    expect(clientFileTypeFor('revision')).toBe('client_revision_request_file');
  });
});
