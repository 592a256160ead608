import { useAudit } from '../features/ops/api/ops-queries.ts';
import { AuditTable } from '../features/ops/components/audit-table.tsx';
import { opsStyles as s } from '../features/ops/components/widgets.tsx';

export function meta() {
  return [{ title: 'Audit log — Geekly back office' }];
}

/** /ops/audit: the newest staff actions and autopilot steps. */
export default function OpsAudit() {
  const audit = useAudit();
  return (
    <>
      <h1>Audit log</h1>
      <div className={s.card}>
        <AuditTable rows={audit.data?.results ?? []} label="Audit log" />
      </div>
    </>
  );
}
