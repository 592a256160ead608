import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { AuditRow } from '../api/ops-types.ts';
import { formatWhen, opsStyles as s } from './widgets.tsx';

const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** Who did what and when, with the values before and after. */
export function AuditTable({ rows, label }: { rows: AuditRow[]; label: string }) {
  return (
    <div className={s.tableWrap}>
      <Table aria-label={label} className={s.table}>
        <TableHeader>
          <Column isRowHeader>When</Column>
          <Column>Who</Column>
          <Column>Action</Column>
          <Column>Before</Column>
          <Column>After / details</Column>
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => <p className={s.muted}>Nothing yet.</p>}>
          {(a) => (
            <Row id={a._id}>
              <Cell>{formatWhen(a.at)}</Cell>
              <Cell>{a.actor}</Cell>
              <Cell>{a.action}</Cell>
              <Cell>
                <code>{show(a.before)}</code>
              </Cell>
              <Cell>
                <code>{show(a.after)}</code>{' '}
                <code>{Object.keys(a.details).length ? show(a.details) : ''}</code>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
