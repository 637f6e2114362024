import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { Play, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ErrorCard } from '../../library/components/library-states';
import { cn } from '../../../lib/utils';
import type { AttemptBackend } from '../api/attempt-backend';
import type { PlaybackView } from '../api/player-api';
import { useCaptionsQuery } from '../hooks/use-playback';
import { type PlayerEngine, usePlayerEngine } from '../hooks/use-player-engine';
import { Html5Source } from '../media/html5-source';
import { SOURCE_UNAVAILABLE } from '../media/media-controller';
import { YouTubeSource } from '../media/youtube-source';
import { finiteDuration } from '../model/timeline';
import { captionAt, type Cue } from '../model/vtt';
import { PlayerControls } from './player-controls';
import { PlayerNotice } from './player-notice';
import { ProgressBadge } from './progress-badge';
import { PlayerLoading, READ_INSTEAD_REASON, SourceUnavailable } from './player-states';
import { ReadInsteadLink } from './read-instead-link';
import { QuestionCard } from './question-card';
import { QuestionManager } from './question-manager';
import { ResultsScreen } from './results-screen';
import { useLessonPreview } from '../../../lib/lesson-preview';

const CAPTIONS_PREFERENCE_KEY = 'veolearn-captions';

function useCaptionsPreference(): [boolean, () => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(CAPTIONS_PREFERENCE_KEY) === 'on';
    } catch {
      return false;
    }
  });
  const toggle = () =>
    setOn((value) => {
      try {
        localStorage.setItem(CAPTIONS_PREFERENCE_KEY, value ? 'off' : 'on');
      } catch {
        // The choice then lasts for this page only.
      }
      return !value;
    });
  return [on, toggle];
}

/** Captions drawn by the page for YouTube videos (the IFrame player cannot take our WebVTT track). */
function CaptionOverlay({ cues, time }: { cues: Cue[]; time: number }) {
  const text = captionAt(cues, time);
  if (!text) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center px-4" data-testid="caption-overlay">
      <p className="max-w-[90%] whitespace-pre-line rounded bg-black/75 px-3 py-1 text-center text-sm text-white sm:text-base">{text}</p>
    </div>
  );
}

/** The link as first given, until its path changes or `key` does (signatures in the query string may change meanwhile). */
function useSteadyLink<T extends string | null>(link: T, key: unknown): T {
  const [kept, setKept] = useState<{ link: T; key: unknown }>({ link, key });
  const path = (value: string | null) => (value === null ? null : value.split('?')[0]);
  if (kept.key !== key || path(kept.link) !== path(link)) {
    setKept({ link, key });
    return link;
  }
  return kept.link;
}

/**
 * The video, its controls and the line under them fit the window: the video is as wide as the height
 * left over allows (16:9), the page around the player reserving --player-chrome (its header and
 * padding, the controls and a notice; 19rem unless the page says otherwise). Never narrower than 20rem.
 */
const FIT_VIEWPORT: CSSProperties = { maxWidth: 'max(20rem, calc((100dvh - var(--player-chrome, 19rem)) * 16 / 9))' };

export interface PlayerCoreProps {
  playback: PlaybackView;
  /** Where the attempt lives (stable for the player's life: its key names the attempt in the query cache). */
  backend: AttemptBackend;
  /** /play shows the question manager beside the player. */
  showManager?: boolean;
  /** The results screen's way out, beside Retry Activity. */
  resultsExit?: ReactNode;
  /** false: neither Start Over nor Retry Activity (a new attempt is not the player's to start). */
  canRestart?: boolean;
  /** Offers "Read instead" (the reading view): the main way on when the video cannot load, a quiet link otherwise. */
  onReadInstead?: (reason: string | null) => void;
}

/**
 * Starts fetching the poster (the player's first paint) as soon as the lesson is known, while the
 * attempt is still being opened; the <video poster> then finds it in the browser's cache.
 */
function usePosterEarly(posterUrl: string | null): void {
  useEffect(() => {
    if (!posterUrl || typeof Image === 'undefined') return;
    const image = new Image();
    image.src = posterUrl;
  }, [posterUrl]);
}

/**
 * One player over two sources (an uploaded file in <video>, or YouTube through its IFrame API) and any
 * attempt backend: the web app's Player and the SCORM package's launch page both render this.
 */
export function PlayerCore({ playback, backend, showManager = false, resultsExit, canRestart = true, onReadInstead }: PlayerCoreProps) {
  const engine = usePlayerEngine(playback, backend);
  const { attemptQuery } = engine;
  usePosterEarly(playback.video.posterUrl ?? null);
  useLessonPreview(!attemptQuery.isPending);

  if (attemptQuery.isPending) return <PlayerLoading />;
  if (attemptQuery.isError || !engine.attempt) {
    return <ErrorCard title="The activity could not start" error={attemptQuery.error} onRetry={() => void attemptQuery.refetch()} />;
  }
  return (
    <PlayerView engine={engine} playback={playback} showManager={showManager} resultsExit={resultsExit} canRestart={canRestart} onReadInstead={onReadInstead} />
  );
}

interface PlayerViewProps {
  engine: PlayerEngine;
  playback: PlaybackView;
  showManager: boolean;
  resultsExit: ReactNode;
  canRestart: boolean;
  onReadInstead?: (reason: string | null) => void;
}

function PlayerView({ engine, playback, showManager, resultsExit, canRestart, onReadInstead }: PlayerViewProps) {
  const { video } = playback;
  const captions = useCaptionsQuery(video.id, video.captionsUrl, video.hasCaptions);
  // A private lesson's links are signed and re-signed on every refetch: keep the first ones, so a
  // refetch never reloads the video under the learner (a retry of the source takes the newest).
  const mediaSrc = useSteadyLink(video.mediaUrl, engine.sourceKey);
  const posterSrc = useSteadyLink(video.posterUrl ?? null, engine.sourceKey);
  const captionsSrc = useSteadyLink(video.captionsUrl, engine.sourceKey);
  const cues = captions.data ?? [];
  const [captionsOn, toggleCaptions] = useCaptionsPreference();
  const [busy, setBusy] = useState(false);
  const attempt = engine.attempt;
  const inResults = engine.phase === 'results' && engine.results !== null;
  const controlsDisabled = !engine.ready || engine.open !== null || engine.phase !== 'watching';

  async function restart() {
    setBusy(true);
    try {
      await engine.restart();
    } finally {
      setBusy(false);
    }
  }

  /** 'k' plays or pauses from anywhere in the player, except while typing an answer. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'k' || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || controlsDisabled) return;
    event.preventDefault();
    if (engine.playing) engine.pause();
    else engine.play();
  }

  const startAt = attempt?.lastPosition ?? 0;
  // With a poster to show, a known length and nothing to resume, the file is fetched only on play (issue 15).
  const deferLoad = posterSrc !== null && finiteDuration(video.duration) !== null && startAt === 0;
  let source;
  const readAfterFailure = onReadInstead ? () => onReadInstead(READ_INSTEAD_REASON) : undefined;
  if (engine.sourceError) source = <SourceUnavailable message={engine.sourceError} onRetry={engine.retrySource} onReadInstead={readAfterFailure} />;
  else if (mediaSrc) {
    source = (
      <Html5Source
        key={engine.sourceKey}
        src={mediaSrc}
        poster={posterSrc}
        deferLoad={deferLoad}
        title={video.title}
        startAt={startAt}
        captionsSrc={cues.length > 0 ? captionsSrc : null}
        captionsOn={captionsOn}
        events={engine.events}
      />
    );
  } else if (video.youtubeId) {
    source = <YouTubeSource key={engine.sourceKey} youtubeId={video.youtubeId} title={video.title} startAt={startAt} events={engine.events} />;
  } else source = <SourceUnavailable message={SOURCE_UNAVAILABLE} onReadInstead={onReadInstead ? () => onReadInstead(null) : undefined} />;

  return (
    <div
      className={cn('grid items-start gap-6', showManager && 'lg:grid-cols-[minmax(0,1fr)_20rem]')}
      data-testid="player"
      data-attempt-id={attempt?.id}
      onKeyDown={onKeyDown}
    >
      <div className="grid min-w-0 gap-3">
        {inResults && engine.results && (
          <ResultsScreen
            results={engine.results}
            title={video.title}
            questions={engine.questions}
            onRetry={canRestart ? () => void restart() : undefined}
            retrying={busy}
            exit={resultsExit}
          />
        )}
        <div className={cn('relative mx-auto grid w-full gap-3', inResults && 'hidden')} style={FIT_VIEWPORT} data-testid="player-stage">
          <div className="relative">
            <div className="relative aspect-video overflow-hidden rounded-xl bg-black shadow-sm">
              {source}
              {!video.mediaUrl && captionsOn && engine.ready && <CaptionOverlay cues={cues} time={engine.time} />}
              <ProgressBadge attempt={attempt} enabled={video.gamification !== false} questionOpen={engine.open !== null} />
              {engine.ready && !engine.playing && !engine.open && engine.phase === 'watching' && (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-hidden="true"
                  onClick={engine.play}
                  className="absolute inset-0 flex items-center justify-center bg-black/10 transition-colors hover:bg-black/20"
                >
                  <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-primary shadow-lg">
                    <Play className="ml-1 size-7" />
                  </span>
                </button>
              )}
              {!engine.ready && !engine.sourceError && (
                <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
                  <RotateCw className="size-6 animate-spin text-white/70" aria-hidden="true" />
                </div>
              )}
              {engine.phase === 'finishing' && (
                <div className="absolute inset-0 flex items-center justify-center bg-black/60 text-sm text-white" role="status">
                  Saving your results...
                </div>
              )}
            </div>
          </div>
          <PlayerControls
            playing={engine.playing}
            disabled={controlsDisabled}
            time={engine.time}
            length={engine.length}
            duration={engine.duration}
            questions={engine.questions}
            statuses={engine.statuses}
            completed={engine.completed}
            canCaption={cues.length > 0}
            captionsOn={captionsOn}
            onPlay={engine.play}
            onPause={engine.pause}
            onSeek={engine.seek}
            onToggleCaptions={toggleCaptions}
            onStartOver={canRestart ? () => void restart() : undefined}
            startingOver={busy}
          />
          {engine.open && (
            // Phones: under the controls, so video, controls and question fit the screen together. From md: over the video.
            <div className="flex justify-center md:absolute md:inset-x-0 md:top-0 md:aspect-video md:items-center md:rounded-xl md:bg-black/55 md:p-4">
              <QuestionCard
                open={engine.open}
                total={engine.questions.length}
                canSkip={engine.canSkip}
                requireCorrect={engine.rules.requireCorrect && !engine.open.review?.result.final}
                onAnswer={engine.answer}
                onSkip={engine.skip}
                onReviewChapter={engine.reviewChapter}
                onContinue={engine.continueVideo}
                onTryAgain={engine.tryAgain}
              />
            </div>
          )}
          {engine.finishError && (
            <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
              <span>{engine.finishError}</span>
              <Button size="sm" variant="outline" onClick={engine.retryFinish}>
                <RotateCw aria-hidden="true" />
                Retry
              </Button>
            </div>
          )}
          {engine.notice && <PlayerNotice notice={engine.notice} onDismiss={engine.dismissNotice} />}
          {onReadInstead && !engine.sourceError && <ReadInsteadLink onClick={() => onReadInstead(null)} />}
        </div>
      </div>
      {showManager && <QuestionManager questions={engine.questions} answers={attempt?.answers ?? []} currentId={engine.open?.question.id ?? null} />}
      <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="player-announcer">
        {engine.announcement}
      </div>
    </div>
  );
}
