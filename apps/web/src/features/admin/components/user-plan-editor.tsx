import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { PLAN_INFO, PLANS, SUBSCRIPTION_STATUSES, subscriptionLabel, type Plan, type SubscriptionStatus } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import type { AdminUser, SubscriptionChange } from '../api/admin-api';
import { useAdminUsersQuery, useSetUserSubscription } from '../hooks/use-admin';
import { QueryView } from './admin-ui';
import { UserSearch } from './users-tab';

const RESULTS = 10;

function PlanForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [plan, setPlan] = useState<Plan>(user.plan);
  const [status, setStatus] = useState<SubscriptionStatus>(user.subscriptionStatus);
  // The users list does not say whether access is unlimited: the box sets it only when ticked or cleared here.
  const [unlimited, setUnlimited] = useState<boolean | null>(null);
  const save = useSetUserSubscription();
  const id = `user-${user.id}`;

  const change: SubscriptionChange = {
    ...(plan !== user.plan && { plan }),
    ...(status !== user.subscriptionStatus && { subscriptionStatus: status }),
    ...(unlimited !== null && { hasUnlimitedAccess: unlimited }),
  };
  const changed = Object.keys(change).length > 0;

  function submit() {
    save.mutate(
      { userId: user.id, change },
      {
        onSuccess: (saved) => {
          toast({ title: 'Subscription updated', description: `${saved.email}: ${PLAN_INFO[plan].name}, ${subscriptionLabel(status)}` });
          onDone();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Update failed', description: serverMessage(error) ?? 'Please try again.' }),
      },
    );
  }

  return (
    <div className="grid grid-cols-1 gap-3 rounded-md border p-3" role="group" aria-label={`Plan and status of ${user.email}`}>
      <p className="text-sm">
        <span className="font-medium">{user.username}</span> · {user.email}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-plan`}>Plan</Label>
          <Select value={plan} onValueChange={(v) => setPlan(v as Plan)}>
            <SelectTrigger id={`${id}-plan`} className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PLANS.map((p) => (
                <SelectItem key={p} value={p}>
                  {PLAN_INFO[p].name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as SubscriptionStatus)}>
            <SelectTrigger id={`${id}-status`} className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {subscriptionLabel(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-2 pb-2">
          <Checkbox id={`${id}-unlimited`} checked={unlimited ?? 'indeterminate'} onCheckedChange={(v) => setUnlimited(v === true)} />
          <Label htmlFor={`${id}-unlimited`}>Unlimited access{unlimited === null ? ' (unchanged)' : ''}</Label>
        </div>
        <Button onClick={submit} disabled={save.isPending || !changed}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save
        </Button>
      </div>
    </div>
  );
}

/** Finds a user by e-mail, username or name, then sets their plan, status and unlimited access. */
export function UserPlanEditor() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const users = useAdminUsersQuery({ page: 1, pageSize: RESULTS, search }, search !== '');

  return (
    <div className="grid grid-cols-1 gap-4">
      <UserSearch
        id="site-user-search"
        busy={users.isFetching}
        onSearch={(text) => {
          setSearch(text);
          setSelected(null);
        }}
      />
      {search !== '' && (
        <QueryView query={users} label="users">
          {(data) =>
            data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No user matches “{search}”.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Matching users">
                {data.items.map((u) => (
                  <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                    <span>
                      <span className="font-medium">{u.username}</span> · {u.email} · {PLAN_INFO[u.plan].name}, {u.status}
                    </span>
                    <Button variant="outline" size="sm" onClick={() => setSelected(u)} aria-pressed={selected?.id === u.id}>
                      Edit {u.username}
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      )}
      {selected && <PlanForm key={selected.id} user={selected} onDone={() => setSelected(null)} />}
    </div>
  );
}
