import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Loader2, VideoOff } from 'lucide-react';
import { Badge } from '../components/ui/badge';
import { buttonVariants } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { toast } from '../components/ui/use-toast';
import { routes } from '../app/routes';
import { ErrorCard } from '../features/library/components/library-states';
import { fetchLtiContext, type LtiContext, ltiKeys, rememberLaunchToken } from '../features/lti/api/lti-api';
import { createHttpAttemptBackend, isNotFound, type PlaybackView } from '../features/player/api/player-api';
import { useAttempt } from '../features/player/hooks/use-attempt';
import { usePlaybackQuery } from '../features/player/hooks/use-playback';
import { getLearnerId } from '../features/player/model/learner-id';
import { withVrGradePassback } from '../features/vr/api/vr-grade';
import { type VrAttempt, VrPlayer, type VrSource } from '../features/vr/components/vr-player';
import { doneChecker, toVrQuestions } from '../features/vr/model/vr-model';
import { isYouTubeId } from '../features/vr/model/vr-search';
import { parseVideoId } from '../lib/route-ids';

function VrLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center gap-3" role="status" aria-live="polite">
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span className="text-sm text-muted-foreground">Loading VR Experience...</span>
    </div>
  );
}

function VrNotFound({ requestedId }: { requestedId: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="grid justify-items-center gap-3 pt-8 pb-8">
          <VideoOff className="size-8 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Video Not Found</h1>
          <p className="text-sm text-muted-foreground">There is no VR video with this id, or it is not shared.</p>
          <p className="rounded-md bg-muted px-3 py-1 font-mono text-xs break-all">Requested ID: {requestedId}</p>
          <Link to={routes.vrLearning} className={buttonVariants()}>
            Back to VR Learning
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}

function gradeToast(saved: boolean): void {
  if (saved) toast({ title: 'Progress Saved', description: 'Your VR learning progress has been saved to LMS' });
  else toast({ title: 'Save Warning', description: 'Could not save progress to LMS, but local progress is maintained', variant: 'destructive' });
}

interface LtiLaunch {
  token: string;
  context: LtiContext;
}

/** A product lesson in VR: its questions, graded by the attempts API like the other players. */
function VrLesson({ videoId, playback, launch }: { videoId: number; playback: PlaybackView; launch: LtiLaunch | null }) {
  const learnerId = useMemo(() => launch?.context.learnerId ?? getLearnerId(), [launch]);
  const backend = useMemo(() => {
    const http = createHttpAttemptBackend(videoId, learnerId);
    return launch ? withVrGradePassback(http, launch.token, gradeToast) : http;
  }, [videoId, learnerId, launch]);
  const attemptState = useAttempt(backend, true);
  const questions = useMemo(() => toVrQuestions(playback.questions), [playback.questions]);
  const view = attemptState.attempt;
  const { answer, reveal, skip, complete, progress } = attemptState;

  const attempt = useMemo<VrAttempt | null>(() => {
    if (!view) return null;
    return {
      isDone: doneChecker(view.answers, view.requireCorrect),
      correctCount: view.correctCount,
      startAt: view.status === 'in_progress' ? view.lastPosition : 0,
      async answer(id, response, ms) {
        const result = await answer(id, response, ms);
        const given = result.attempt.answers.find((a) => a.interactionId === id) as { secondTry?: boolean } | undefined;
        if (result.correct || !given?.secondTry) return result;
        // The server holds a wrong first try open for a second try; VR asks none (spec: feedback, then on).
        return (await reveal(id)) ?? result;
      },
      skip,
      finish: () => {
        if (view.status === 'in_progress') void complete().catch(() => undefined);
      },
      progress: (position, watched) => void progress(position, watched).catch(() => undefined),
    };
  }, [view, answer, reveal, skip, complete, progress]);

  if (attemptState.query.isPending) return <VrLoading />;
  if (attemptState.query.isError || !attempt) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <ErrorCard title="The lesson could not start" error={attemptState.query.error} onRetry={() => void attemptState.query.refetch()} />
      </main>
    );
  }

  const video = playback.video;
  const source: VrSource = video.mediaUrl
    ? { kind: 'upload', src: video.mediaUrl, captionsSrc: video.captionsUrl }
    : video.youtubeId
      ? { kind: 'youtube', youtubeId: video.youtubeId }
      : null;
  const banner = launch ? (
    <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 pt-3 text-sm text-muted-foreground sm:px-6" data-testid="lms-connected">
      <Badge variant="secondary">LMS connected</Badge>
      {launch.context.course?.name}
    </p>
  ) : null;
  return <VrPlayer title={video.title || `Video ${videoId}`} source={source} questions={questions} attempt={attempt} banner={banner} />;
}


function LessonPage({ raw }: { raw: string }) {
  const id = parseVideoId(raw);
  const playback = usePlaybackQuery(id ?? 0);
  const location = useLocation();
  const [launchToken] = useState(() => rememberLaunchToken(location.search));
  const context = useQuery({
    queryKey: ltiKeys.context(launchToken ?? ''),
    queryFn: () => fetchLtiContext(launchToken ?? ''),
    enabled: Boolean(launchToken),
    retry: 1,
  });

  if (id === null || (playback.isError && isNotFound(playback.error))) return <VrNotFound requestedId={raw} />;
  if (playback.isPending || (launchToken && context.isPending)) return <VrLoading />;
  if (playback.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <ErrorCard title="The video could not be loaded" error={playback.error} onRetry={() => void playback.refetch()} />
      </main>
    );
  }
  const launch = launchToken && context.data?.ltiActive && context.data.videoId === id ? { token: launchToken, context: context.data } : null;
  return <VrLesson key={id} videoId={id} playback={playback.data} launch={launch} />;
}

/**
 * /vr/{id}: a VeoLearn lesson in VR (its questions as spheres); /vr/youtube/{id}: a YouTube video
 * from the VR hub, which has no questions of its own.
 */
export default function VrPlayerPage({ source }: { source: 'lesson' | 'youtube' }) {
  const { id: raw = '' } = useParams<{ id: string }>();
  if (source === 'lesson') return <LessonPage raw={raw} />;
  if (!isYouTubeId(raw)) return <VrNotFound requestedId={raw} />;
  return <VrPlayer key={raw} title="YouTube VR video" source={{ kind: 'youtube', youtubeId: raw }} questions={[]} attempt={null} />;
}
