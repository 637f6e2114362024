import { Link } from 'react-router-dom';
import { AlertTriangle, FolderOpen, Lock, RotateCw } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/session-client';
import { routes } from '../../../app/routes';

export function ListSkeleton({ label = 'Loading your library...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-40 animate-pulse rounded-xl border bg-muted" />
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function ErrorCard({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="grid gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{serverMessage(error) ?? 'Please check your connection and try again.'}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </CardContent>
    </Card>
  );
}

export function SignInRequired() {
  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <Lock className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
        <CardTitle>Sign In Required</CardTitle>
        <CardDescription>Sign in to see and organise your interactive videos.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-3">
        <Link to={routes.signIn} className={buttonVariants()}>
          Sign In
        </Link>
        <Link to={routes.signUp} className={buttonVariants({ variant: 'outline' })}>
          Create Account
        </Link>
      </CardContent>
    </Card>
  );
}

export function EmptyFolder({ atHome }: { atHome: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-background px-6 py-12 text-center">
      <FolderOpen className="mb-3 size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">This folder is empty</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        {atHome
          ? 'Add a YouTube video below or create a folder to organise your lessons.'
          : 'Move videos here from their menu, or add a new one below.'}
      </p>
    </div>
  );
}
