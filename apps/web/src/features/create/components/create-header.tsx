import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { Brand } from '../../../components/layout/brand';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Separator } from '../../../components/ui/separator';
import { routes } from '../../../app/routes';
import { useLtiContext } from '../../lti/hooks/use-lti-context';

/** The wizard's header: product, page title, the LMS badge while a launch from an LMS is active, and the way back to the dashboard. */
export function CreateHeader() {
  const lti = useLtiContext();
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-4 sm:px-6">
        <Brand to={routes.userDashboard} />
        <Separator orientation="vertical" className="hidden h-10 sm:block" />
        <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
          <h1 className="flex items-center gap-2 truncate text-lg font-semibold">
            Create Interactive Video
            {lti ? (
              <Badge variant="secondary" title={lti.course?.name ?? undefined}>
                LMS connected
              </Badge>
            ) : null}
          </h1>
          <p className="text-sm text-muted-foreground">Turn a video into a lesson with timed questions.</p>
        </div>
        <Link to={routes.userDashboard} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'ml-auto' })}>
          <ArrowLeft aria-hidden="true" />
          Dashboard
        </Link>
      </div>
    </header>
  );
}
