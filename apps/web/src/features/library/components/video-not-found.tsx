import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { NotFoundCard } from '../../../components/layout/not-found-card';
import { routes } from '../../../app/routes';

/** An owner page of a lesson that does not exist, or is somebody else's (the API answers the same 404). */
export function VideoNotFound() {
  return (
    <NotFoundCard title="Video Not Found" message="The video you're looking for doesn't exist.">
      <Link to={routes.home} className={buttonVariants({ className: 'mt-2' })}>
        Return to Home
      </Link>
    </NotFoundCard>
  );
}
