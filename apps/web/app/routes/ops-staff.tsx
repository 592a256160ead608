import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Cell, Column, Form, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useOutletContext } from 'react-router';
import { opsApi } from '../features/ops/api/ops-client.ts';
import type { StaffMe } from '../features/ops/api/ops-types.ts';
import {
  formatWhen,
  formErrors,
  OpsButton,
  OpsFormFooter,
  OpsModal,
  OpsSelect,
  OpsTextField,
  opsStyles as s,
} from '../features/ops/components/widgets.tsx';

type StaffAccount = StaffMe & { created_at: string };

export function meta() {
  return [{ title: 'Staff — Geekly back office' }];
}

/** /ops/staff: the staff accounts and their roles; admins add accounts (the API refuses anyone else). */
export default function OpsStaff() {
  const me = useOutletContext<StaffMe>();
  const staff = useQuery({
    queryKey: ['ops', 'staff'],
    queryFn: () => opsApi<{ results: StaffAccount[] }>('/ops/staff'),
    enabled: me.staff_role === 'admin',
  });
  if (me.staff_role !== 'admin')
    return (
      <>
        <h1>Staff</h1>
        <p className={s.card}>Only admins can see and add staff accounts.</p>
      </>
    );
  return (
    <>
      <h1>Staff</h1>
      <div className={s.toolbar}>
        <NewStaffButton />
      </div>
      <div className={s.card}>
        <div className={s.tableWrap}>
          <Table aria-label="Staff accounts" className={s.table}>
            <TableHeader>
              <Column isRowHeader>E-mail</Column>
              <Column>Role</Column>
              <Column>Since</Column>
            </TableHeader>
            <TableBody items={staff.data?.results ?? []}>
              {(a) => (
                <Row id={a._id}>
                  <Cell>{a.email}</Cell>
                  <Cell>{a.staff_role === 'admin' ? 'Admin' : 'Support'}</Cell>
                  <Cell>{formatWhen(a.created_at)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      </div>
    </>
  );
}

/** 'Add a staff account': POST /ops/staff. */
function NewStaffButton() {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('support');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <>
      <OpsButton onPress={() => setOpen(true)}>Add a staff account</OpsButton>
      <OpsModal title="Add a staff account" isOpen={open} onOpenChange={setOpen}>
        <Form
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setErrors({});
            try {
              await opsApi('/ops/staff', { body: { email, password, staff_role: role } });
              await qc.invalidateQueries({ queryKey: ['ops', 'staff'] });
              setOpen(false);
              setEmail('');
              setPassword('');
            } catch (err) {
              setErrors(formErrors(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <OpsTextField label="E-mail" value={email} onChange={setEmail} error={errors.email} autoFocus />
          <OpsTextField
            label="Password"
            type="password"
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <OpsSelect
            label="Role"
            value={role}
            onChange={setRole}
            options={[
              { id: 'support', label: 'Support', hint: 'no staff accounts, refunds up to the limit' },
              { id: 'admin', label: 'Admin', hint: 'everything' },
            ]}
          />
          <OpsFormFooter error={errors.form} submitLabel="Add" busy={busy} onCancel={() => setOpen(false)} />
        </Form>
      </OpsModal>
    </>
  );
}
