import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { routes } from '../../../app/routes';
import { fetchLtiContext, type LtiContext, ltiKeys, rememberLaunchToken } from '../../lti/api/lti-api';
import { withLtiGradePassback } from '../../lti/lti-attempt-backend';
import { type AttemptView, createHttpAttemptBackend, type PlaybackView } from '../api/player-api';
import { getLearnerId } from '../model/learner-id';
import { DisplayNameField } from './display-name-field';
import { PlayerCore } from './player-core';
import { PlayerLoading } from './player-states';
import { ReadingView } from './reading-view';

interface PlayerProps {
  videoId: number;
  playback: PlaybackView;
  /** /play shows the question manager beside the player. */
  showManager?: boolean;
}

interface LtiLaunch {
  token: string;
  context: LtiContext;
}

function gradeToast(saved: boolean): void {
  if (saved) toast({ title: 'Progress Saved', description: 'Your learning progress has been saved to your LMS' });
  else toast({ title: 'Save Warning', description: 'Could not save progress to LMS, but local progress is maintained', variant: 'destructive' });
}

/**
 * The web app's player: the learner's attempt on the server (attempts API), results with a way back
 * to the dashboard. Opened from an LMS launch (`?lti=`), the attempt belongs to the LTI user, the
 * page shows the LMS connection, and the completed attempt's grade goes back to the LMS.
 */
export function Player(props: PlayerProps) {
  const location = useLocation();
  const [launchToken] = useState(() => rememberLaunchToken(location.search));
  const context = useQuery({ queryKey: ltiKeys.context(launchToken ?? ''), queryFn: () => fetchLtiContext(launchToken ?? ''), enabled: Boolean(launchToken), retry: 1 });
  if (launchToken && context.isPending) return <PlayerLoading />;
  const launch = launchToken && context.data?.ltiActive && context.data.videoId === props.videoId ? { token: launchToken, context: context.data } : null;
  return <ConnectedPlayer {...props} launch={launch} />;
}

function ConnectedPlayer({ videoId, playback, showManager = false, launch }: PlayerProps & { launch: LtiLaunch | null }) {
  const learnerId = useMemo(() => launch?.context.learnerId ?? getLearnerId(), [launch]);
  const backend = useMemo(() => {
    const http = createHttpAttemptBackend(videoId, learnerId, launch?.token ?? null);
    return launch ? withLtiGradePassback(http, launch.token, gradeToast) : http;
  }, [videoId, learnerId, launch]);
  const queryClient = useQueryClient();
  /** "Read instead": the lesson's text in place of the video, on the same attempt (null: watching). */
  const [reading, setReading] = useState<{ reason: string | null } | null>(null);
  // A name given once the attempt is under way goes onto it (resuming it sends the name).
  const nameAttempt = useCallback(() => {
    if (queryClient.getQueryData<AttemptView>(backend.key)?.status !== 'in_progress') return;
    backend.start().then(
      (attempt) => queryClient.setQueryData(backend.key, attempt),
      () => undefined,
    );
  }, [backend, queryClient]);
  // The dashboard is the owner's; a learner (anonymous, or another user) would land on sign-in.
  const resultsExit =
    launch || !playback.viewerIsOwner ? null : (
      <Link to={routes.dashboard} className={buttonVariants({ variant: 'outline' })}>
        Back to Dashboard
      </Link>
    );
  const hasVideo = Boolean(playback.video.mediaUrl || playback.video.youtubeId);
  return (
    <>
      {launch ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="lms-connected">
          <Badge variant="secondary">LMS connected</Badge>
          {launch.context.course?.name}
        </p>
      ) : null}
      {reading ? (
        <ReadingView
          playback={playback}
          backend={backend}
          reason={reading.reason}
          onWatch={hasVideo ? () => setReading(null) : undefined}
          resultsExit={resultsExit}
        />
      ) : (
        <PlayerCore
          playback={playback}
          backend={backend}
          showManager={showManager}
          resultsExit={resultsExit}
          onReadInstead={(reason) => {
            setReading({ reason });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
      {/* Below the player, so the video, its controls and its feedback keep the screen; before the first
          answer there is room for it in view. An LMS names its own users; the owner previewing needs no name. */}
      {launch || playback.viewerIsOwner ? null : <DisplayNameField onSaved={nameAttempt} />}
    </>
  );
}
