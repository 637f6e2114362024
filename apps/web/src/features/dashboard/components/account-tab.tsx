import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, serverMessage } from '../../../lib/session-client';
import type { AuthUser } from '../../auth/api/auth-api';
import { useUpdateProfileMutation } from '../../auth/hooks/use-update-profile';
import { AdminToolsCard } from './admin-tools-card';

function EditProfileForm({ user, onClose }: { user: AuthUser; onClose: () => void }) {
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfileMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim()) {
      setError('The username cannot be empty.');
      return;
    }
    setError(null);
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), username: username.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Profile updated' });
          onClose();
        },
        onError: (err) => {
          const message =
            err instanceof ApiError && err.status === 409
              ? (serverMessage(err) ?? 'That username is already taken.')
              : (serverMessage(err) ?? 'Failed to update your profile. Please try again.');
          setError(message);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>Your name and username. Your e-mail address cannot be changed here.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="profile-first-name">First name</Label>
          <Input id="profile-first-name" value={firstName} maxLength={100} onChange={(e) => setFirstName(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="profile-last-name">Last name</Label>
          <Input id="profile-last-name" value={lastName} maxLength={100} onChange={(e) => setLastName(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="profile-username">Username</Label>
        <Input id="profile-username" value={username} maxLength={50} onChange={(e) => setUsername(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}

export function AccountTab({ user }: { user: AuthUser }) {
  const [editing, setEditing] = useState(false);
  const rows = [
    { label: 'Username', value: user.username },
    { label: 'Email', value: user.email },
    { label: 'First name', value: user.firstName?.trim() || 'Not set' },
    { label: 'Last name', value: user.lastName?.trim() || 'Not set' },
  ];
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div>
            <CardTitle>Account</CardTitle>
            <CardDescription>Your profile details.</CardDescription>
          </div>
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            {rows.map((row) => (
              <div key={row.label} className="rounded-lg border p-3">
                <dt className="text-xs font-medium text-muted-foreground">{row.label}</dt>
                <dd className={row.value === 'Not set' ? 'mt-1 text-muted-foreground italic' : 'mt-1 break-all font-medium'}>
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
        <Dialog open={editing} onOpenChange={setEditing}>
          <DialogContent>{editing && <EditProfileForm user={user} onClose={() => setEditing(false)} />}</DialogContent>
        </Dialog>
      </Card>
      {user.isAdmin && <AdminToolsCard />}
    </div>
  );
}
