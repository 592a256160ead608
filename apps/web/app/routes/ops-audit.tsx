import { AuditLog } from '../features/ops/components/audit-log.tsx';
import { RejectedMail } from '../features/ops/components/rejected-mail.tsx';
import { opsStyles as s } from '../features/ops/components/widgets.tsx';

export function meta() {
  return [{ title: 'Audit log — Geekly back office' }];
}

/** /ops/audit: the newest staff actions and autopilot steps, and mail refused for good (decision 059). */
export default function OpsAudit() {
  return (
    <>
      <h1>Audit log</h1>
      <div className={s.card}>
        <AuditLog label="Audit log" />
      </div>
      <RejectedMail />
    </>
  );
}
