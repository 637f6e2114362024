import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { routes } from '../../../app/routes';
import { createHttpAttemptBackend, type PlaybackView } from '../api/player-api';
import { getLearnerId } from '../model/learner-id';
import { PlayerCore } from './player-core';

interface PlayerProps {
  videoId: number;
  playback: PlaybackView;
  /** /play shows the question manager beside the player. */
  showManager?: boolean;
}

/** The web app's player: the learner's attempt on the server (attempts API), results with a way back to the dashboard. */
export function Player({ videoId, playback, showManager = false }: PlayerProps) {
  const learnerId = useMemo(() => getLearnerId(), []);
  const backend = useMemo(() => createHttpAttemptBackend(videoId, learnerId), [videoId, learnerId]);
  return (
    <PlayerCore
      playback={playback}
      backend={backend}
      showManager={showManager}
      resultsExit={
        <Link to={routes.dashboard} className={buttonVariants({ variant: 'outline' })}>
          Back to Dashboard
        </Link>
      }
    />
  );
}
