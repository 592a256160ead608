import { useEffect, useRef } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useAudit } from '../api/ops-queries.ts';
import { formatWhen, OpsButton, opsStyles as s } from './widgets.tsx';

const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/**
 * Who did what and when, with the values before and after: the newest page of the audit log (of one task with
 * orderId), and 'Show older entries' while there are more. The focus goes to the first row it brought in, so a
 * keyboard reads on from there.
 */
export function AuditLog({ orderId, label }: { orderId?: string; label: string }) {
  const audit = useAudit(orderId);
  const wrap = useRef<HTMLDivElement>(null);
  const rows = audit.data?.pages.flatMap((p) => p.results) ?? [];
  // The index of the row to focus once the older page is on screen.
  const focusRow = useRef<number | null>(null);
  const count = rows.length;
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || count <= index) return;
    focusRow.current = null;
    // React Aria's table puts new rows on screen a render after the data: wait for the row a few frames.
    let frame = 0;
    const focusWhenThere = (tries: number) => {
      const row = wrap.current?.querySelectorAll<HTMLElement>('tbody [role="row"]')[index];
      if (row) row.focus();
      else if (tries > 0) frame = requestAnimationFrame(() => focusWhenThere(tries - 1));
    };
    focusWhenThere(10);
    return () => cancelAnimationFrame(frame);
  }, [count]);
  const showOlder = () => {
    focusRow.current = count;
    void audit.fetchNextPage();
  };
  return (
    <>
      <div className={s.tableWrap} ref={wrap}>
        <Table aria-label={label} className={s.table}>
          <TableHeader>
            <Column isRowHeader>When</Column>
            <Column>Who</Column>
            <Column>Action</Column>
            <Column>Before</Column>
            <Column>After / details</Column>
          </TableHeader>
          <TableBody
            items={rows}
            renderEmptyState={() => (
              <p className={s.muted}>{audit.isPending ? 'Loading…' : 'Nothing yet.'}</p>
            )}
          >
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
      {audit.hasNextPage ? (
        <div className={s.more}>
          <OpsButton variant="secondary" isPending={audit.isFetchingNextPage} onPress={showOlder}>
            {audit.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
          </OpsButton>
        </div>
      ) : null}
    </>
  );
}
