import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { Brand } from '../components/layout/brand';
import { Button } from '../components/ui/button';
import { ErrorCard } from '../features/library/components/library-states';
import { SharingControl } from '../features/library/components/sharing-control';
import { isNotFound, type PlaybackView } from '../features/player/api/player-api';
import { Player } from '../features/player/components/player';
import { PlayerLoading, VideoNotFound } from '../features/player/components/player-states';
import { usePlaybackQuery } from '../features/player/hooks/use-playback';
import { useLessonPreview } from '../lib/lesson-preview';
import { routes } from '../app/routes';
import { parseVideoId } from '../lib/route-ids';

/** play: header with the question manager; player: the player with a slim header; simple: minimal chrome for a new tab. */
export type PlayerVariant = 'play' | 'player' | 'simple';


function questionCount(n: number): string {
  return `${n} ${n === 1 ? 'question' : 'questions'}`;
}

/** /play's header. The dashboard link and the question manager (which lists every question) are the lesson owner's only. */
function PlayHeader({ playback, id, managerShown, onToggle }: { playback: PlaybackView; id: number; managerShown: boolean; onToggle(): void }) {
  const owner = playback.viewerIsOwner === true;
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        {owner ? (
          <Link
            to={routes.dashboard}
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            <span>
              <span className="sr-only sm:not-sr-only">Back to </span>Dashboard
            </span>
          </Link>
        ) : (
          <Brand className="shrink-0" />
        )}
        <div className={owner ? 'order-last grid min-w-0 basis-full gap-0.5 sm:order-none sm:flex-1 sm:basis-auto' : 'grid min-w-0 flex-1 gap-0.5'}>
          <h1 className="truncate text-lg font-semibold">{playback.video.title || `Video ${id}`}</h1>
          <p className="text-xs text-muted-foreground">
            Video ID: {id} · {questionCount(playback.questions.length)}
          </p>
        </div>
        {owner && (
          <Button variant="outline" size="sm" className="ml-auto sm:ml-0" aria-pressed={managerShown} onClick={onToggle}>
            {managerShown ? <PanelRightClose aria-hidden="true" /> : <PanelRightOpen aria-hidden="true" />}
            {managerShown ? 'Hide Question Manager' : 'Show Question Manager'}
          </Button>
        )}
      </div>
    </header>
  );
}

function PlayerHeader({ playback, id }: { playback: PlaybackView; id: number }) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-5xl items-center gap-4 px-4 py-3 sm:px-6">
        <Brand className="shrink-0" />
        <div className="grid min-w-0 gap-0.5 border-l pl-4">
          <h1 className="truncate font-semibold">{playback.video.title || `Video ${id}`}</h1>
          <p className="text-xs text-muted-foreground">{questionCount(playback.questions.length)}</p>
        </div>
      </div>
    </header>
  );
}

function LoadedPlayer({ variant, id, playback }: { variant: PlayerVariant; id: number; playback: PlaybackView }) {
  const [managerShown, setManagerShown] = useState(false);
  if (variant === 'simple') {
    return (
      <main className="mx-auto grid min-h-screen max-w-5xl content-start gap-3 bg-background px-3 py-4 sm:px-6" style={{ ['--player-chrome' as string]: '17rem' }}>
        <h1 className="truncate text-base font-semibold">{playback.video.title || `Video ${id}`}</h1>
        {!playback.video.published && <SharingControl videoId={id} published={false} />}
        <Player videoId={id} playback={playback} />
      </main>
    );
  }
  return (
    <div className="min-h-screen bg-muted/30">
      {variant === 'play' ? (
        <PlayHeader playback={playback} id={id} managerShown={managerShown} onToggle={() => setManagerShown((v) => !v)} />
      ) : (
        <PlayerHeader playback={playback} id={id} />
      )}
      <main className={variant === 'play' ? 'mx-auto grid max-w-7xl gap-4 px-4 py-4 sm:px-6' : 'mx-auto grid max-w-5xl gap-4 px-4 py-4 sm:px-6'}>
        {!playback.video.published && <SharingControl videoId={id} published={false} />}
        <Player videoId={id} playback={playback} showManager={variant === 'play' && managerShown && playback.viewerIsOwner === true} />
      </main>
    </div>
  );
}

/** /play/{id}, /player/{id} and /simple-player/{id}: the interactive video for a learner. */
export default function PlayerPage({ variant }: { variant: PlayerVariant }) {
  const { id: raw } = useParams<{ id: string }>();
  const id = parseVideoId(raw);
  const playback = usePlaybackQuery(id ?? 0);
  // The gateway's still of the lesson stays up while the player loads (PlayerCore removes it when drawn).
  useLessonPreview(id === null || playback.isError);

  if (id === null || (playback.isError && isNotFound(playback.error))) return <VideoNotFound requestedId={raw ?? ''} />;
  if (playback.isPending) return <PlayerLoading />;
  if (playback.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <ErrorCard title="The video could not be loaded" error={playback.error} onRetry={() => void playback.refetch()} />
      </main>
    );
  }
  return <LoadedPlayer key={id} variant={variant} id={id} playback={playback.data} />;
}
