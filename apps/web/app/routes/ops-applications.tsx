import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { type OpsApplication, useApplications } from '../features/ops/api/geek-team-queries.ts';
import { ApproveDialog, RejectDialog } from '../features/ops/components/application-dialogs.tsx';
import { formatWhen, OpsButton, opsStyles as s } from '../features/ops/components/widgets.tsx';

export function meta() {
  return [{ title: 'Applications — Geekly back office' }];
}

const STATUS: Record<OpsApplication['status'], string> = {
  new: 'New',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** /ops/applications: the Geek applications from /join-our-team (never their password); approve or reject. */
export default function OpsApplications() {
  const applications = useApplications();
  const [approving, setApproving] = useState<OpsApplication | null>(null);
  const [rejecting, setRejecting] = useState<OpsApplication | null>(null);
  const rows = [...(applications.data ?? [])].sort(
    (a, b) =>
      Number(b.status === 'new') - Number(a.status === 'new') || b.created_at.localeCompare(a.created_at),
  );
  return (
    <>
      <h1>Applications</h1>
      <p className={s.muted}>
        People who applied on /join-our-team to become Geeks. Approving makes a Geek profile and its log-in.
      </p>
      <div className={s.card}>
        {applications.isError ? (
          <p role="alert" className={s.error}>
            The applications could not be loaded.
          </p>
        ) : !applications.data ? (
          <p className={s.muted}>Loading…</p>
        ) : (
          <div className={s.tableWrap}>
            <Table aria-label="Applications" className={s.table}>
              <TableHeader>
                <Column id="name" isRowHeader>
                  Name
                </Column>
                <Column id="email">E-mail</Column>
                <Column id="subject">Subject</Column>
                <Column id="expertise">Expertise</Column>
                <Column id="date">Date</Column>
                <Column id="status">Status</Column>
                <Column id="actions">Actions</Column>
              </TableHeader>
              <TableBody
                items={rows}
                renderEmptyState={() => <p className={s.muted}>No applications yet.</p>}
              >
                {(a) => (
                  <Row id={a._id}>
                    <Cell>{a.name}</Cell>
                    <Cell>{a.email}</Cell>
                    <Cell>{a.subject ?? '—'}</Cell>
                    <Cell>{a.expertise ?? '—'}</Cell>
                    <Cell>{formatWhen(a.created_at)}</Cell>
                    <Cell>
                      <span className={s.badge}>{STATUS[a.status]}</span>
                      {a.reason ? <div className={s.muted}>{a.reason}</div> : null}
                    </Cell>
                    <Cell>
                      {a.status === 'new' ? (
                        <div className={s.actions}>
                          <OpsButton onPress={() => setApproving(a)} aria-label={`Approve ${a.name}`}>
                            Approve
                          </OpsButton>
                          <OpsButton
                            variant="secondary"
                            onPress={() => setRejecting(a)}
                            aria-label={`Reject ${a.name}`}
                          >
                            Reject
                          </OpsButton>
                        </div>
                      ) : (
                        <span className={s.muted}>{a.decided_at ? formatWhen(a.decided_at) : ''}</span>
                      )}
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
        )}
      </div>
      {approving ? <ApproveDialog application={approving} onClose={() => setApproving(null)} /> : null}
      {rejecting ? <RejectDialog application={rejecting} onClose={() => setRejecting(null)} /> : null}
    </>
  );
}
