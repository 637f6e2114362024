import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatDate } from '../../library/format';
import type { AdminRange, AdminUser } from '../api/admin-api';
import { useAdminUsersQuery } from '../hooks/use-admin';
import { AdminTable, Pager, QueryView, type Column } from './admin-ui';
import { ExportButton } from './export-button';

export const USERS_PAGE_SIZE = 20;

const COLUMNS: Column<AdminUser>[] = [
  { header: 'Username', cell: (u) => u.username },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Role', cell: (u) => <Badge variant={u.role === 'Admin' ? 'default' : 'outline'}>{u.role}</Badge> },
  { header: 'Status', cell: (u) => u.status },
  { header: 'Videos', cell: (u) => u.videos, className: 'text-right' },
  { header: 'Created', cell: (u) => formatDate(u.created) },
  { header: 'Last login', cell: (u) => formatDate(u.lastLoginAt, true) },
];

/** A search box that asks on submit, not on every key. */
export function UserSearch({ id, onSearch, busy }: { id: string; onSearch: (text: string) => void; busy?: boolean }) {
  const [text, setText] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-1 flex-wrap items-end gap-2">
      <div className="grid min-w-48 flex-1 gap-1">
        <Label htmlFor={id}>Search users</Label>
        <Input id={id} type="search" placeholder="Name, username or email" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <Button type="submit" variant="secondary" disabled={busy}>
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

export function UsersTab({ range }: { range: AdminRange }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const users = useAdminUsersQuery({ page, pageSize: USERS_PAGE_SIZE, search: search || undefined });

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <UserSearch
          id="admin-user-search"
          busy={users.isFetching}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <ExportButton kind="users" range={range} label="Export Users" />
      </div>
      <QueryView query={users} label="users">
        {(data) => (
          <>
            <AdminTable caption="Users" columns={COLUMNS} rows={data.items} rowKey={(u) => u.id} empty={search ? `No user matches “${search}”.` : 'No users yet.'} />
            <Pager label="Users" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryView>
    </div>
  );
}
