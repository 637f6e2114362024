import { Link } from 'react-router-dom';
import { BookOpen, Loader2, RotateCw, VideoOff } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { routes } from '../../../app/routes';
import { NotFoundCard } from '../../../components/layout/not-found-card';

/** The example video the not-found screen offers (spec: a button to /play/234). */
export const EXAMPLE_VIDEO_ID = 234;

export function PlayerLoading({ label = 'Loading video...' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3" role="status" aria-live="polite">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}

export function VideoNotFound({ requestedId }: { requestedId: string }) {
  return (
    <NotFoundCard title="Video not found" message="The video you're looking for doesn't exist.">
      <p className="rounded-md bg-muted px-3 py-1 font-mono text-xs">Requested ID: {requestedId}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Link to={routes.play(EXAMPLE_VIDEO_ID)} className={buttonVariants({ variant: 'outline' })}>
          Try Video {EXAMPLE_VIDEO_ID}
        </Link>
        <Link to={routes.dashboard} className={buttonVariants()}>
          Back to Dashboard
        </Link>
      </div>
    </NotFoundCard>
  );
}

/** The one-line reason under a failed source when the lesson can be read instead. */
export const READ_INSTEAD_REASON = 'The video could not load on this network.';

/**
 * Shown in place of the video when its source cannot play (offline YouTube, a missing file). Where the
 * lesson can be read instead, that is the main way on, with Try again beside it.
 */
export function SourceUnavailable({ message, onRetry, onReadInstead }: { message: string; onRetry?: () => void; onReadInstead?: () => void }) {
  let reason = onRetry ? 'The video could not be loaded. Check your connection and try again.' : 'This lesson has no video to play.';
  if (onReadInstead) reason = onRetry ? READ_INSTEAD_REASON : 'This lesson has no video to play, but you can read it.';
  return (
    <div role="alert" className="flex size-full flex-col items-center justify-center gap-2 bg-neutral-900 p-3 text-center text-neutral-100 sm:gap-3 sm:p-4">
      <VideoOff className={onReadInstead ? 'hidden size-8 text-neutral-400 sm:block' : 'size-8 text-neutral-400'} aria-hidden="true" />
      <p className="font-semibold">{message}</p>
      <p className="max-w-sm text-sm text-neutral-400">{reason}</p>
      {(onReadInstead || onRetry) && (
        <div className="flex flex-wrap justify-center gap-2">
          {onReadInstead && (
            <Button size="sm" onClick={onReadInstead}>
              <BookOpen aria-hidden="true" />
              Read instead
            </Button>
          )}
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
