import { QUEUE_GROUPS } from '@geekly/domain/ops/back-office.ts';
import { useState } from 'react';
import { Checkbox, Input, Label, SearchField, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useQueue } from '../features/ops/api/ops-queries.ts';
import { QueueTable } from '../features/ops/components/queue-table.tsx';
import { OpsButton, opsStyles as s } from '../features/ops/components/widgets.tsx';

export function meta() {
  return [{ title: 'Queue — Geekly back office' }];
}

/** /ops: every task that needs staff, grouped by what is needed; search by number, title or client e-mail. */
export default function OpsQueue() {
  const [q, setQ] = useState('');
  const [group, setGroup] = useState('');
  const [all, setAll] = useState(false);
  const queue = useQueue({ q, group, all });
  // The badges are the first page's; later pages ('Show more', 25 tasks each) add their tasks below.
  const counts = queue.data?.pages[0]?.counts ?? {};
  return (
    <>
      <h1>Queue</h1>
      <div className={s.toolbar}>
        <SearchField className={s.search} value={q} onChange={setQ} aria-label="Search tasks">
          <Label>Search by number, title or client e-mail</Label>
          <Input placeholder="#10042, Hamlet, student@…" />
        </SearchField>
        <Checkbox isSelected={all} onChange={setAll} className={s.switch}>
          <span className={s.track} aria-hidden="true" />
          All tasks, not only those that need staff
        </Checkbox>
      </div>
      <ToggleButtonGroup
        aria-label="What the task needs"
        className={s.groups}
        selectionMode="single"
        selectedKeys={[group || 'any']}
        onSelectionChange={(keys) => {
          const [key] = [...keys];
          setGroup(key === undefined || key === 'any' ? '' : String(key));
        }}
      >
        <ToggleButton id="any" className={s.chip}>
          Everything
        </ToggleButton>
        {QUEUE_GROUPS.map((g) => (
          <ToggleButton key={g.id} id={g.id} className={s.chip}>
            {g.label} ({counts[g.id] ?? 0})
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <div className={s.card}>
        {queue.isError ? (
          <p role="alert" className={s.error}>
            The queue could not be loaded.
          </p>
        ) : queue.data ? (
          <>
            <QueueTable items={queue.data.pages.flatMap((p) => p.results)} />
            {queue.hasNextPage ? (
              <div className={s.more}>
                <OpsButton
                  variant="secondary"
                  isPending={queue.isFetchingNextPage}
                  onPress={() => void queue.fetchNextPage()}
                >
                  {queue.isFetchingNextPage ? 'Loading…' : 'Show more'}
                </OpsButton>
              </div>
            ) : null}
          </>
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </div>
    </>
  );
}
