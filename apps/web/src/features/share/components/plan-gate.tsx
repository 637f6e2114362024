import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/session-client';
import { routes } from '../../../app/routes';

/** The server's plan refusal (402), in its own words, with the way to upgrade. */
export function PlanGate({ error }: { error: unknown }) {
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
      <Lock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1">{serverMessage(error) ?? 'This needs the Pro or Enterprise plan.'}</p>
      <Link to={routes.subscribe} className={buttonVariants({ size: 'sm' })}>
        Upgrade
      </Link>
    </div>
  );
}

/** A failed load that is not a plan refusal: the server's message and a retry. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
      <p>
        <span className="font-medium">{what} could not be loaded.</span> {serverMessage(error) ?? ''}
      </p>
      <button type="button" onClick={onRetry} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}>
        Retry
      </button>
    </div>
  );
}
