import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { OwnerPageHeader } from '../components/layout/owner-page-header';
import { parseVideoId } from '../lib/route-ids';
import { PageLoader } from '../components/layout/page-loader';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { ApiError } from '../lib/session-client';
import { useRequiredSession } from '../features/auth/hooks/use-session';
import type { VideoView } from '../features/library/api/library-api';
import { ErrorCard } from '../features/library/components/library-states';
import { VideoNotFound } from '../features/library/components/video-not-found';
import { SharingControl } from '../features/library/components/sharing-control';
import { Player } from '../features/player/components/player';
import { PlayerLoading } from '../features/player/components/player-states';
import { usePlaybackQuery } from '../features/player/hooks/use-playback';
import { EmbedCodesCard } from '../features/share/components/embed-codes-card';
import { LmsCard } from '../features/share/components/lms-card';
import { LtiGradesCard } from '../features/share/components/lti-grades-card';
import { ScormCard } from '../features/share/components/scorm-card';
import { ShareUrlsCard } from '../features/share/components/share-urls-card';
import { VideoDetailsCard } from '../features/share/components/video-details-card';
import { VrCard } from '../features/share/components/vr-card';
import { useOwnerVideoQuery, useShareOnUse } from '../features/share/hooks/use-share';

const LOADING = 'Loading video...';

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** Kept under its old name for the share page's readers. */
export const ShareNotFound = VideoNotFound;

/** The lesson as a learner plays it (the owner's own attempt). */
function Preview({ id }: { id: number }) {
  const playback = usePlaybackQuery(id);
  let body;
  if (playback.isPending) body = <PlayerLoading />;
  else if (playback.isError) body = <ErrorCard title="The preview could not be loaded" error={playback.error} onRetry={() => void playback.refetch()} />;
  else body = <Player key={id} videoId={id} playback={playback.data} />;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">Interactive Preview</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function ShareContent({ video }: { video: VideoView }) {
  const id = video.id;
  const playback = usePlaybackQuery(id);
  // The playback view is refreshed by every sharing change (the control's and ours).
  const published = playback.data?.video.published ?? video.published;
  const shareOnUse = useShareOnUse(id, published);
  // Opening the page shares the lesson once; after that only the owner's choice counts.
  const [autoShare, setAutoShare] = useState(true);
  useEffect(() => setAutoShare(false), []);
  const origin = window.location.origin;

  return (
    <div className="min-h-screen bg-muted/30">
      <OwnerPageHeader />
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Share Interactive Video</h1>
          <p className="truncate text-muted-foreground" data-testid="share-title">
            {video.title}
          </p>
        </div>
        {/* Remounted when the server's answer changes, so a share made by copying shows at once. */}
        <SharingControl key={String(published)} videoId={id} published={published} autoShare={autoShare} />
        {/* Phones: the links first, then the preview; wide screens: preview, details, VR and SCORM beside the links. */}
        <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start">
          <div className="grid content-start gap-6 max-lg:contents">
            <div className="max-lg:order-2">
              <Preview id={id} />
            </div>
            <div className="max-lg:order-7">
              <VideoDetailsCard video={video} />
            </div>
            <div className="max-lg:order-3">
              <VrCard videoId={id} questionCount={playback.data?.questions.length ?? video.questionCount} onUse={shareOnUse} />
            </div>
            <div className="max-lg:order-6">
              <ScormCard videoId={id} />
            </div>
          </div>
          <div className="grid content-start gap-6 max-lg:contents">
            <div className="max-lg:order-1">
              <ShareUrlsCard videoId={id} origin={origin} onUse={shareOnUse} />
            </div>
            <div className="max-lg:order-4">
              <EmbedCodesCard videoId={id} onUse={shareOnUse} />
            </div>
            <div className="max-lg:order-5">
              <LmsCard videoId={id} />
            </div>
            <div className="max-lg:order-5">
              <LtiGradesCard videoId={id} />
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}

function OwnerShare({ id }: { id: number }) {
  const video = useOwnerVideoQuery(id);
  if (video.isError && isNotFound(video.error)) return <ShareNotFound />;
  if (video.isPending) return <PageLoader label={LOADING} />;
  if (video.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <ErrorCard title="The video could not be loaded" error={video.error} onRetry={() => void video.refetch()} />
      </main>
    );
  }
  return <ShareContent video={video.data} />;
}

/** /video/{id}: everything the owner needs to hand the lesson out. Signed-out visitors go to sign-in. */
export default function SharePage() {
  const { id: raw } = useParams<{ id: string }>();
  const id = parseVideoId(raw);
  const { user, loading } = useRequiredSession();
  if (loading || !user) return <PageLoader label={LOADING} />;
  if (id === null) return <ShareNotFound />;
  return <OwnerShare key={id} id={id} />;
}
