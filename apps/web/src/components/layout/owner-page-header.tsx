import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { routes } from '../../app/routes';
import { Brand } from './brand';

/** The header of a lesson's owner pages (share, results): back to the video projects, and the brand. */
export function OwnerPageHeader() {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link
          to={routes.dashboard}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Video Projects
        </Link>
        <Brand className="shrink-0 text-base" to={routes.dashboard} />
      </div>
    </header>
  );
}

