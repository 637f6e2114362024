import { Link } from 'react-router-dom';
import { Users } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { routes } from '../../../app/routes';

/** No attempt yet: where the learners' results come from, and the way to hand the lesson out. */
export function ResultsEmpty({ videoId, published, origin }: { videoId: number; published: boolean; origin: string }) {
  const link = `${origin}${routes.player(videoId)}`;
  return (
    <div className="grid justify-items-center gap-3 py-8 text-center" data-testid="results-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Users className="size-6 text-muted-foreground" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">No one has taken this lesson yet</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {published
          ? 'Send your learners the link below, embed the lesson or add it to your LMS: their answers appear here as they play.'
          : 'The lesson is private: only you can play it. Share it by link, embed it or add it to your LMS from the share page, and learners’ answers appear here.'}
      </p>
      {published ? (
        <code className="max-w-full rounded-md bg-muted px-3 py-1.5 text-sm [overflow-wrap:anywhere]" data-testid="results-share-link">
          {link}
        </code>
      ) : null}
      <Link to={routes.video(videoId)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Open the share page
      </Link>
    </div>
  );
}
