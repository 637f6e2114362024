import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';
import { toast } from '../components/ui/use-toast';
import { signIn } from '../features/auth/api/auth-api';
import { authKeys } from '../features/auth/auth-query-keys';
import { AuthShell } from '../features/auth/components/auth-shell';
import { GoogleButton } from '../features/auth/components/google-button';
import { OrSeparator } from '../features/auth/components/or-separator';
import { CredentialsFields, credentialsMissing, type Credentials } from '../features/auth/components/credentials-fields';
import { oauthErrorMessage } from '../features/auth/oauth-errors';
import { SIGN_IN_FAILED_TITLE, signInErrorMessage } from '../features/auth/sign-in-error';
import { getToken, setToken } from '../lib/session-client';
import { routes } from '../app/routes';

const REDIRECT_DELAY_MS = 100;

export default function SignInPage() {
  const [searchParams] = useSearchParams();
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [alreadySignedIn] = useState(() => getToken() !== null);
  const oauthError = oauthErrorMessage(searchParams.get('error'));

  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      setToken(data.token);
      // Whatever was cached belonged to the previous (or no) session.
      queryClient.removeQueries({ queryKey: authKeys.all });
      toast({ title: 'Success!', description: 'Welcome back to VeoLearn!' });
      const destination = data.user?.isAdmin ? routes.dashboard : routes.userDashboard;
      setTimeout(() => navigate(destination, { replace: true }), REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: SIGN_IN_FAILED_TITLE, description: signInErrorMessage(error) });
    },
  });

  if (alreadySignedIn) return <Navigate to={routes.home} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (credentialsMissing(credentials)) return;
    mutation.mutate({ username: credentials.email.trim(), password: credentials.password });
  }

  const busy = mutation.isPending || mutation.isSuccess;

  return (
    <AuthShell>
      <Card className="mt-6">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">Welcome back</CardTitle>
          <CardDescription>Sign in to your VeoLearn account</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {oauthError && (
            <div
              role="alert"
              className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-red-700"
            >
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{oauthError}</span>
            </div>
          )}
          <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
            <CredentialsFields
              idPrefix="signin"
              value={credentials}
              onChange={setCredentials}
              passwordAction={
                <Link
                  to={routes.forgotPassword}
                  className="rounded-sm text-sm text-primary underline-offset-4 hover:underline"
                >
                  Forgot password?
                </Link>
              }
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              Sign In
            </Button>
          </form>
          <OrSeparator />
          <GoogleButton label="Continue with Google" />
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <span>
            Don&apos;t have an account?{' '}
            <Link to={routes.signUp} className="font-medium text-primary underline-offset-4 hover:underline">
              Start your free trial
            </Link>
          </span>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
