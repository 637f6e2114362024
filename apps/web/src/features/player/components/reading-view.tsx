import { type ReactNode, useEffect, useRef, useState } from 'react';
import { BookOpen, CircleCheck, Hourglass, ListChecks, Loader2, RotateCw, Trophy, Video } from 'lucide-react';
import { formatClock } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { ErrorCard } from '../../library/components/library-states';
import type { AttemptBackend } from '../api/attempt-backend';
import type { PlaybackView } from '../api/player-api';
import { chapterHeadingId, type ReadingEngine, type ReadingSection, useReadingEngine } from '../hooks/use-reading';
import { PlayerNotice } from './player-notice';
import { PlayerLoading } from './player-states';
import { QuestionCard } from './question-card';
import { ResultsScreen } from './results-screen';

export interface ReadingViewProps {
  playback: PlaybackView;
  /** The same attempt backend as the video player: the attempt carries on from one to the other. */
  backend: AttemptBackend;
  /** Back to the video ("Watch the video"); absent when the lesson has no video to go back to. */
  onWatch?: () => void;
  /** Why the learner is reading (the video could not load), shown once above the text. */
  reason?: string | null;
  resultsExit?: ReactNode;
  canRestart?: boolean;
}

/**
 * "Read instead": the lesson chapter by chapter, each chapter's text followed by its questions, on the
 * same attempt as the video (same answers, grading, feedback and results screen).
 */
export function ReadingView({ playback, backend, onWatch, reason = null, resultsExit, canRestart = true }: ReadingViewProps) {
  const engine = useReadingEngine(playback, backend);
  if (engine.attemptQuery.isPending || engine.reading.isPending) return <PlayerLoading label="Loading the lesson text..." />;
  if (engine.reading.isError) {
    return <ErrorCard title="The lesson text could not be loaded" error={engine.reading.error} onRetry={() => void engine.reading.refetch()} />;
  }
  if (engine.attemptQuery.isError || !engine.attempt) {
    return <ErrorCard title="The activity could not start" error={engine.attemptQuery.error} onRetry={() => void engine.attemptQuery.refetch()} />;
  }
  return <Reading engine={engine} playback={playback} onWatch={onWatch} reason={reason} resultsExit={resultsExit} canRestart={canRestart} />;
}

interface ReadingProps extends Omit<ReadingViewProps, 'backend'> {
  engine: ReadingEngine;
}

function Reading({ engine, playback, onWatch, reason, resultsExit, canRestart }: ReadingProps) {
  const [busy, setBusy] = useState(false);
  const title = playback.video.title || `Video ${playback.video.id}`;
  const lastShown = engine.shownChapters.length - 1;
  const laterChapters = engine.sections.length - engine.shownChapters.length;

  // A new chapter follows the last question of the one before: the view keeps that answer's feedback
  // in sight with the new chapter under it, and focus goes to the new chapter's title.
  const chapterShown = useRef(engine.shownChapters.length);
  useEffect(() => {
    if (engine.shownChapters.length > chapterShown.current && engine.phase === 'watching') {
      const heading = document.getElementById(chapterHeadingId(lastShown));
      const feedback = document.querySelector('[data-testid="reading-view"] [data-testid="player-notice"]');
      (feedback ?? heading)?.scrollIntoView({ block: 'start' });
      heading?.focus({ preventScroll: true });
    }
    chapterShown.current = engine.shownChapters.length;
  }, [engine.shownChapters.length, lastShown, engine.phase]);

  // Review Chapter: back to the chapter's title once the question under it is shown again (after the
  // question card has taken focus, since this parent's effect runs after its children's).
  const review = engine.review;
  useEffect(() => {
    if (!review) return;
    const heading = document.getElementById(chapterHeadingId(review.chapter));
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [review]);

  async function restart() {
    setBusy(true);
    try {
      await engine.restart();
    } finally {
      setBusy(false);
    }
  }

  if (engine.phase === 'results' && engine.results) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-3" data-testid="reading-view" data-attempt-id={engine.attempt?.id}>
        <ResultsScreen
          results={engine.results}
          title={title}
          questions={engine.questions}
          onRetry={canRestart ? () => void restart() : undefined}
          retrying={busy}
          exit={resultsExit}
        />
        <Announcer text={engine.announcement} />
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6" data-testid="reading-view" data-attempt-id={engine.attempt?.id}>
      <header className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <p className="flex items-center gap-2 text-sm font-medium text-primary">
              <BookOpen className="size-4" aria-hidden="true" />
              Reading the lesson
            </p>
            <p className="text-sm text-muted-foreground">
              {reason ? `${reason} ` : ''}Each chapter's text comes first, then its questions. Your answers count just as they do with the video.
            </p>
          </div>
          {onWatch && (
            <Button variant="outline" size="sm" onClick={onWatch}>
              <Video aria-hidden="true" />
              Watch the video
            </Button>
          )}
        </div>
        <p className="text-sm font-medium" data-testid="reading-progress">
          {engine.completed} of {engine.questions.length} questions completed
        </p>
      </header>

      {!engine.reading.data?.hasText && (
        <p className="rounded-xl border bg-muted/40 px-4 py-3 text-sm" data-testid="reading-no-text">
          This lesson has no transcript to read. You can still answer its questions, chapter by chapter.
        </p>
      )}

      {engine.shownChapters.map((section) => (
        <Chapter key={section.index} section={section} engine={engine} current={section.index === engine.nextChapter} />
      ))}

      {engine.next && laterChapters > 0 && (
        <p className="text-center text-sm text-muted-foreground">
          {laterChapters === 1 ? 'One more chapter follows' : `${laterChapters} more chapters follow`} once you have answered the questions above.
        </p>
      )}

      {!engine.next && engine.phase !== 'results' && (
        <section className="grid justify-items-center gap-3 rounded-xl border bg-card p-5 text-center shadow-sm" aria-label="End of the lesson">
          <Trophy className="size-7 text-primary" aria-hidden="true" />
          <p className="font-semibold">You have reached the end of the lesson.</p>
          {engine.finishError && (
            <p role="alert" className="text-sm text-destructive">
              {engine.finishError}
            </p>
          )}
          <Button onClick={engine.finish} disabled={engine.phase === 'finishing'}>
            {engine.phase === 'finishing' ? <Loader2 className="animate-spin" aria-hidden="true" /> : engine.finishError ? <RotateCw aria-hidden="true" /> : null}
            {engine.phase === 'finishing' ? 'Saving your results...' : 'See Your Results'}
          </Button>
        </section>
      )}
      <Announcer text={engine.announcement} />
    </div>
  );
}

function Chapter({ section, engine, current }: { section: ReadingSection; engine: ReadingEngine; current: boolean }) {
  const headingId = chapterHeadingId(section.index);
  const paragraphs = section.text ? section.text.split(/\n{2,}/) : [];
  const open = current && engine.open && section.questions.some((q) => q.id === engine.open?.question.id) ? engine.open : null;
  const count = section.questions.length;
  return (
    <section aria-labelledby={headingId} className="grid gap-4" data-testid="reading-chapter">
      <div className="grid gap-1 border-b pb-2">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Chapter {section.index + 1} of {engine.sections.length}
          <span aria-hidden="true"> · </span>
          from {formatClock(section.startTime)} in the video
        </p>
        <h2 id={headingId} tabIndex={-1} className="scroll-mt-4 text-xl font-bold leading-snug outline-none sm:text-2xl">
          {section.title}
        </h2>
      </div>
      {paragraphs.length > 0 ? (
        <div className="grid max-w-[68ch] gap-4 text-base leading-7" data-testid="chapter-text">
          {paragraphs.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </div>
      ) : (
        engine.reading.data?.hasText && <p className="text-sm text-muted-foreground">This chapter has no text of its own.</p>
      )}
      {count > 0 && !current && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheck className="size-4 text-success" aria-hidden="true" />
          {count === 1 ? 'Its question is done.' : `Its ${count} questions are done.`}
        </p>
      )}
      {current && !engine.chapterRead && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-accent/40 px-4 py-3">
          <p className="text-sm">
            {count === 1 ? 'One question on this chapter follows.' : `${count} questions on this chapter follow.`}
          </p>
          <Button onClick={() => engine.markRead(section.index)}>
            <ListChecks aria-hidden="true" />
            Go to the Questions
          </Button>
        </div>
      )}
      {engine.notice && engine.notice.chapter === section.index && <PlayerNotice notice={engine.notice} onDismiss={engine.dismissNotice} />}
      {current && !open && engine.waitSeconds !== null && (
        <p role="status" className="flex items-start gap-2 rounded-xl border bg-muted/40 px-4 py-3 text-sm" data-testid="reading-pace">
          <Hourglass className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          This lesson keeps to the pace of its video: the next question opens in about {engine.waitSeconds} s.
        </p>
      )}
      {open && (
        <QuestionCard
          open={open}
          total={engine.questions.length}
          canSkip={engine.canSkip}
          requireCorrect={engine.rules.requireCorrect && !open.review?.result.final}
          onAnswer={engine.answer}
          onSkip={engine.skip}
          onReviewChapter={engine.reviewChapter}
          onContinue={engine.continueReading}
          onTryAgain={engine.tryAgain}
          continueLabel="Continue Reading"
        />
      )}
    </section>
  );
}

function Announcer({ text }: { text: string }) {
  return (
    <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="player-announcer">
      {text}
    </div>
  );
}

