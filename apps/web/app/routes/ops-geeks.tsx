import type { StaffGeekView, StaffMe } from '@geekly/domain/ops/ops-contract.ts';
import { useState } from 'react';
import {
  Button,
  Cell,
  Column,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Row,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
} from 'react-aria-components';
import { useOutletContext } from 'react-router';
import { useGeekEarnings } from '../features/ops/api/geek-team-queries.ts';
import { useEditGeek, useGeeks } from '../features/ops/api/ops-queries.ts';
import { GeekEarningsDialog, PayoutReportForm } from '../features/ops/components/geek-earnings.tsx';
import { GeekEditor } from '../features/ops/components/geek-editor.tsx';
import { PayoutRequestsCard, RecordPayoutDialog } from '../features/ops/components/geek-payouts.tsx';
import { InviteGeekDialog } from '../features/ops/components/invite-geek.tsx';
import { NewGeekButton } from '../features/ops/components/new-geek.tsx';
import { dollars, opsStyles as s } from '../features/ops/components/widgets.tsx';

export function meta() {
  return [{ title: 'Geeks — Geekly back office' }];
}

/**
 * /ops/geeks: every Geek with subjects, load and what accepted tasks earned them (decision 036); edit a profile,
 * disable / enable a Geek, open a Geek's earnings, download the payout report for a period.
 */
export default function OpsGeeks() {
  const geeks = useGeeks();
  const earnings = useGeekEarnings();
  const earned = new Map((earnings.data ?? []).map((e) => [e.geek_id, e]));
  const edit = useEditGeek();
  const [editing, setEditing] = useState<StaffGeekView | null>(null);
  const [showing, setShowing] = useState<StaffGeekView | null>(null);
  const [inviting, setInviting] = useState<StaffGeekView | null>(null);
  const [paying, setPaying] = useState<StaffGeekView | null>(null);
  const staff = useOutletContext<StaffMe>();
  const isAdmin = staff.staff_role === 'admin';
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const rows = [...(geeks.data ?? [])].sort((a, b) => {
    const diff =
      sort.column === 'load' ? a.load - b.load : a.public_full_name.localeCompare(b.public_full_name);
    return sort.direction === 'descending' ? -diff : diff;
  });
  return (
    <>
      <h1>Geeks</h1>
      <div className={s.toolbar}>
        <NewGeekButton />
      </div>
      <PayoutRequestsCard isAdmin={isAdmin} />
      <div className={s.card}>
        <h2>Payout report</h2>
        <p className={s.muted}>
          What each Geek earned from accepted tasks and tips in a period (UTC days). No money leaves the
          product.
        </p>
        <PayoutReportForm />
      </div>
      <div className={s.card}>
        <div className={s.tableWrap}>
          <Table aria-label="Geeks" className={s.table} sortDescriptor={sort} onSortChange={setSort}>
            <TableHeader>
              <Column id="name" isRowHeader allowsSorting>
                Name
              </Column>
              <Column id="major">Major</Column>
              <Column id="subjects">Subjects</Column>
              <Column id="load" allowsSorting>
                In progress
              </Column>
              <Column id="earned">Earned</Column>
              <Column id="state">State</Column>
              <Column id="actions">Actions</Column>
            </TableHeader>
            {/* The Earned cell reads the earnings, which may arrive after the Geeks: they invalidate the rows. */}
            <TableBody items={rows} dependencies={[earnings.data]}>
              {(g) => (
                <Row id={g._id}>
                  <Cell>{g.public_full_name}</Cell>
                  <Cell>{g.major}</Cell>
                  <Cell>{g.public_subjects.join(', ')}</Cell>
                  <Cell>{g.load}</Cell>
                  <Cell>{dollars(earned.get(g._id)?.total ?? 0)}</Cell>
                  <Cell>
                    {g.is_disabled ? (
                      <span className={s.badge}>Disabled</span>
                    ) : g.available ? (
                      'Active'
                    ) : (
                      'Away'
                    )}
                    {g.top ? <span className={s.badge}>TOP</span> : null}
                    <div className={s.muted}>{g.login_email ?? 'No workspace log-in'}</div>
                  </Cell>
                  <Cell>
                    <MenuTrigger>
                      <Button className={s.secondary} aria-label={`Actions for ${g.public_full_name}`}>
                        ⋯
                      </Button>
                      <Popover className={s.popover}>
                        <Menu
                          className={s.menu}
                          onAction={(key) =>
                            key === 'edit'
                              ? setEditing(g)
                              : key === 'earnings'
                                ? setShowing(g)
                                : key === 'invite'
                                  ? setInviting(g)
                                  : key === 'payout'
                                    ? setPaying(g)
                                    : edit.mutate({ id: g._id, is_disabled: !g.is_disabled })
                          }
                        >
                          <MenuItem id="edit" className={s.option}>
                            Edit profile
                          </MenuItem>
                          <MenuItem id="earnings" className={s.option}>
                            Earnings
                          </MenuItem>
                          <MenuItem id="invite" className={s.option}>
                            Invite
                          </MenuItem>
                          {isAdmin ? (
                            <MenuItem id="payout" className={s.option}>
                              Record payout
                            </MenuItem>
                          ) : null}
                          <MenuItem id="toggle" className={s.option}>
                            {g.is_disabled ? 'Enable' : 'Disable'}
                          </MenuItem>
                        </Menu>
                      </Popover>
                    </MenuTrigger>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      </div>
      {editing ? <GeekEditor geek={editing} onClose={() => setEditing(null)} /> : null}
      {showing ? <GeekEarningsDialog geek={showing} onClose={() => setShowing(null)} /> : null}
      {inviting ? <InviteGeekDialog geek={inviting} onClose={() => setInviting(null)} /> : null}
      {paying ? <RecordPayoutDialog geek={paying} onClose={() => setPaying(null)} /> : null}
    </>
  );
}
