import type { EndpointInput } from '@geekly/domain/http/endpoint.ts';
import type { StaffRole } from '@geekly/domain/ops/back-office.ts';
import { opsContract, type StaffAccountView, type StaffMe } from '@geekly/domain/ops/ops-contract.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useOutletContext } from 'react-router';
import { staffSession } from '../features/ops/api/ops-client.ts';
import {
  formatWhen,
  formErrors,
  OpsButton,
  OpsForm,
  OpsFormFooter,
  OpsModal,
  OpsSelect,
  OpsTextField,
  opsStyles as s,
} from '../features/ops/components/widgets.tsx';
import { apiCall } from '../lib/api-call.ts';

const auth = { auth: staffSession };

export function meta() {
  return [{ title: 'Staff — Geekly back office' }];
}

/**
 * /ops/staff: the staff accounts, their roles and access; admins add accounts, change another's role, disable or
 * enable it, and end its sessions (decision 027; the API refuses anyone else, and an admin's own account).
 */
export default function OpsStaff() {
  const me = useOutletContext<StaffMe>();
  const staff = useQuery({
    queryKey: ['ops', 'staff'],
    queryFn: () => apiCall(opsContract.staff, {}, auth),
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
          {/* A plain table, not React Aria's grid: a grid makes every cell a focusable target, and at 375 px the
              Actions cell's own buttons covered it all but its 8 px padding (axe target-size, WCAG 2.5.8). The
              buttons are the only things to reach here; Tab reaches each. */}
          {/* At phone width each account is a block of labelled lines (.stacked) rather than a table wider than
              its card. */}
          <table aria-label="Staff accounts" className={`${s.table} ${s.stacked}`}>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Access</th>
                <th scope="col">Since</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {(staff.data?.results ?? []).map((a) => (
                <tr key={a._id}>
                  <th scope="row" className={s.rowHeader}>
                    {a.email}
                  </th>
                  <td data-label="Role">{a.staff_role === 'admin' ? 'Admin' : 'Support'}</td>
                  <td data-label="Access">
                    {a.disabled ? <span className={s.badge}>Disabled</span> : 'Active'}
                  </td>
                  <td data-label="Since">{formatWhen(a.created_at)}</td>
                  <td>
                    {a._id === me._id ? <span className={s.muted}>You</span> : <StaffActions account={a} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
  const [role, setRole] = useState<StaffRole>('support');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <>
      <OpsButton onPress={() => setOpen(true)}>Add a staff account</OpsButton>
      <OpsModal title="Add a staff account" isOpen={open} onOpenChange={setOpen}>
        <OpsForm
          errors={errors}
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setErrors({});
            try {
              await apiCall(opsContract.addStaff, { body: { email, password, staff_role: role } }, auth);
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
            onChange={(v) => setRole(v as StaffRole)}
            options={[
              { id: 'support', label: 'Support', hint: 'no staff accounts, refunds up to the limit' },
              { id: 'admin', label: 'Admin', hint: 'everything' },
            ]}
          />
          <OpsFormFooter error={errors.form} submitLabel="Add" busy={busy} onCancel={() => setOpen(false)} />
        </OpsForm>
      </OpsModal>
    </>
  );
}

type StaffAction = {
  label: string;
  title: string;
  text: string;
  confirm: string;
  run: () => Promise<unknown>;
};

/** What an admin can do to another staff account; each asks first, saying what happens to its sessions. */
function StaffActions({ account: a }: { account: StaffAccountView }) {
  const patch = (body: EndpointInput<typeof opsContract.changeStaff>['body']) =>
    apiCall(opsContract.changeStaff, { params: { id: a._id }, body }, auth);
  const otherRole = a.staff_role === 'admin' ? 'support' : 'admin';
  const actions: StaffAction[] = [
    {
      label: otherRole === 'admin' ? 'Make admin' : 'Make support',
      title: 'Change the role',
      text: `${a.email} becomes ${otherRole === 'admin' ? 'an admin' : 'support'}. Their sessions end: they log in again to use the new role.`,
      confirm: 'Change the role',
      run: () => patch({ staff_role: otherRole }),
    },
    a.disabled
      ? {
          label: 'Enable',
          title: 'Enable the account',
          text: `${a.email} can log in again.`,
          confirm: 'Enable',
          run: () => patch({ disabled: false }),
        }
      : {
          label: 'Disable',
          title: 'Disable the account',
          text: `${a.email} is logged out everywhere now and cannot log in until an admin enables the account.`,
          confirm: 'Disable',
          run: () => patch({ disabled: true }),
        },
    {
      label: 'End sessions',
      title: 'End sessions',
      text: `${a.email} is logged out on every device now, and can log in again.`,
      confirm: 'End sessions',
      run: () => apiCall(opsContract.endStaffSessions, { params: { id: a._id } }, auth),
    },
  ];
  return (
    <div className={s.actions}>
      {actions.map((action) => (
        <ConfirmedAction key={action.label} action={action} />
      ))}
    </div>
  );
}

function ConfirmedAction({ action }: { action: StaffAction }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <OpsButton variant="secondary" onPress={() => setOpen(true)}>
        {action.label}
      </OpsButton>
      <OpsModal title={action.title} isOpen={open} onOpenChange={setOpen}>
        <Form
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setError(undefined);
            try {
              await action.run();
              await Promise.all([
                qc.invalidateQueries({ queryKey: ['ops', 'staff'] }),
                qc.invalidateQueries({ queryKey: ['ops', 'audit'] }),
              ]);
              setOpen(false);
            } catch (err) {
              setError(Object.values(formErrors(err))[0] ?? 'Unknown error');
            } finally {
              setBusy(false);
            }
          }}
        >
          <p>{action.text}</p>
          <OpsFormFooter
            error={error}
            submitLabel={action.confirm}
            busy={busy}
            onCancel={() => setOpen(false)}
          />
        </Form>
      </OpsModal>
    </>
  );
}
