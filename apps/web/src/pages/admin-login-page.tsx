import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';
import { toast } from '../components/ui/use-toast';
import { authEndpoints, signIn } from '../features/auth/api/auth-api';
import { authKeys } from '../features/auth/auth-query-keys';
import { AuthShell } from '../features/auth/components/auth-shell';
import { CredentialsFields, credentialsMissing, type Credentials } from '../features/auth/components/credentials-fields';
import { SIGN_IN_FAILED_TITLE, signInErrorMessage } from '../features/auth/sign-in-error';
import { apiRequest, setAdminFlag, setToken } from '../lib/session-client';
import { routes } from '../app/routes';

const REDIRECT_DELAY_MS = 100;
export const NOT_ADMIN_TEXT = 'This account does not have admin permissions. Sign in with an administrator account, or use the regular sign-in.';

/** Ends a session this page will not keep (a non-admin's), without touching the one stored in the browser. */
async function revoke(token: string): Promise<void> {
  try {
    await apiRequest<unknown>('POST', authEndpoints.logout, undefined, { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    console.warn('Could not end the non-admin session', error);
  }
}

/** /admin/login: the admin area's own sign-in (spec section 2). Only an admin's session is kept. */
export default function AdminLoginPage() {
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [notAdmin, setNotAdmin] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      if (!data.user?.isAdmin) {
        setNotAdmin(true);
        void revoke(data.token);
        return;
      }
      setToken(data.token);
      setAdminFlag();
      queryClient.removeQueries({ queryKey: authKeys.all });
      toast({ title: 'Success!', description: 'Welcome back to VeoLearn!' });
      setTimeout(() => navigate(routes.admin, { replace: true }), REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: SIGN_IN_FAILED_TITLE, description: signInErrorMessage(error) });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotAdmin(false);
    if (credentialsMissing(credentials)) return;
    mutation.mutate({ username: credentials.email.trim(), password: credentials.password });
  }

  const busy = mutation.isPending || (mutation.isSuccess && !notAdmin);

  return (
    <AuthShell>
      <Card className="mt-6">
        <CardHeader className="items-center text-center">
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            Admin sign-in
          </CardTitle>
          <CardDescription>For VeoLearn administrators</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {notAdmin && (
            <div role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-red-700">
              <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{NOT_ADMIN_TEXT}</span>
            </div>
          )}
          <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
            <CredentialsFields idPrefix="admin-signin" value={credentials} onChange={setCredentials} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              Sign In
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <Link to={routes.signIn} className="font-medium text-primary underline-offset-4 hover:underline">
            Not an administrator? Use the regular sign-in
          </Link>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
