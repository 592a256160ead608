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
import { useEditGeek, useGeeks } from '../features/ops/api/ops-queries.ts';
import type { Geek } from '../features/ops/api/ops-types.ts';
import { GeekEditor } from '../features/ops/components/geek-editor.tsx';
import { NewGeekButton } from '../features/ops/components/new-geek.tsx';
import { opsStyles as s } from '../features/ops/components/widgets.tsx';

export function meta() {
  return [{ title: 'Geeks — Geekly back office' }];
}

/** /ops/geeks: every Geek with subjects and load; edit a profile or disable / enable a Geek. */
export default function OpsGeeks() {
  const geeks = useGeeks();
  const edit = useEditGeek();
  const [editing, setEditing] = useState<Geek | null>(null);
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
              <Column id="state">State</Column>
              <Column id="actions">Actions</Column>
            </TableHeader>
            <TableBody items={rows}>
              {(g) => (
                <Row id={g._id}>
                  <Cell>{g.public_full_name}</Cell>
                  <Cell>{g.major}</Cell>
                  <Cell>{g.public_subjects.join(', ')}</Cell>
                  <Cell>{g.load}</Cell>
                  <Cell>{g.is_disabled ? <span className={s.badge}>Disabled</span> : 'Active'}</Cell>
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
                              : edit.mutate({ id: g._id, is_disabled: !g.is_disabled })
                          }
                        >
                          <MenuItem id="edit" className={s.option}>
                            Edit profile
                          </MenuItem>
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
    </>
  );
}
