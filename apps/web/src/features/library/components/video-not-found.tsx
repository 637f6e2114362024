import { Link } from 'react-router-dom';
import { VideoOff } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { routes } from '../../../app/routes';

/** An owner page of a lesson that does not exist, or is somebody else's (the API answers the same 404). */
export function VideoNotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="grid justify-items-center gap-3 pt-8 pb-8">
          <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10">
            <VideoOff className="size-7 text-destructive" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold">Video Not Found</h1>
          <p className="text-sm text-muted-foreground">The video you're looking for doesn't exist.</p>
          <Link to={routes.home} className={buttonVariants({ className: 'mt-2' })}>
            Return to Home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
