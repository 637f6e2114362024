import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Loader2, VideoOff } from 'lucide-react';
import { isNotFound } from '../features/player/api/player-api';
import { Player } from '../features/player/components/player';
import { usePlaybackQuery } from '../features/player/hooks/use-playback';
import { serverMessage } from '../lib/session-client';
import { parseVideoId } from '../lib/route-ids';


/**
 * Room the controls and the question counter take under the 16:9 video. The player is as wide as
 * the frame allows and never taller than it, so it fits an iframe of any size.
 */
const CONTROLS_REM = 7.5;

function Frame({ children }: { children: ReactNode }) {
  return <div className="flex h-dvh w-full items-center justify-center overflow-auto bg-background p-2 text-center text-sm">{children}</div>;
}

/**
 * /embed/{id}: the player alone, for an iframe on another site: no header, no links into the app
 * (they would open the dashboard inside someone else's page).
 */
export default function EmbedPage() {
  const { id: raw } = useParams<{ id: string }>();
  const id = parseVideoId(raw);
  const playback = usePlaybackQuery(id ?? 0);

  if (id === null || (playback.isError && isNotFound(playback.error))) {
    return (
      <Frame>
        <div className="grid justify-items-center gap-2">
          <VideoOff className="size-8 text-muted-foreground" aria-hidden="true" />
          <h1 className="font-semibold">Video not found</h1>
          <p className="text-muted-foreground">This lesson does not exist or is not shared.</p>
        </div>
      </Frame>
    );
  }
  if (playback.isPending) {
    return (
      <Frame>
        <div role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
          Loading video...
        </div>
      </Frame>
    );
  }
  if (playback.isError) {
    return (
      <Frame>
        <div role="alert" className="grid justify-items-center gap-2">
          <p className="font-semibold">The video could not be loaded</p>
          <p className="text-muted-foreground">{serverMessage(playback.error) ?? 'Please try again.'}</p>
          <button type="button" className="rounded-md border px-3 py-1.5 font-medium" onClick={() => void playback.refetch()}>
            Retry
          </button>
        </div>
      </Frame>
    );
  }
  const title = playback.data.video.title || `Video ${id}`;
  return (
    <main className="flex h-dvh w-full flex-col overflow-auto bg-background" data-testid="embed-page">
      <h1 className="sr-only">{title}</h1>
      {/* Auto margins centre the player in a taller frame without clipping it in a shorter one. */}
      <div className="m-auto w-full p-1 sm:p-2" style={{ maxWidth: `calc((100dvh - ${CONTROLS_REM}rem) * 16 / 9)`, minWidth: 'min(100%, 18rem)', ['--player-chrome' as string]: `${CONTROLS_REM}rem` }}>
        <Player key={id} videoId={id} playback={playback.data} />
      </div>
    </main>
  );
}
