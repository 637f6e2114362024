import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type AttemptRules, canSkip } from '@veolearn/domain';
import { ApiError, serverMessage } from '../../../lib/session-client';
import type { AttemptBackend } from '../api/attempt-backend';
import type { AttemptResults, PlaybackQuestion, PlaybackView } from '../api/player-api';
import { isNotFound } from '../api/player-api';
import { fetchReading, type ReadingChapter } from '../api/reading-api';
import { describeAnswer, shuffleQuestion, toLearnerQuestion } from '../model/responses';
import { completedCount, inPlayingOrder, isOpen, ruleStatusMap } from '../model/timeline';
import { playerKeys } from '../player-query-keys';
import { useAttempt } from './use-attempt';
import { isPartlyCorrect, type Notice, type OpenQuestion, type Phase } from './use-player-engine';

const ALREADY_ANSWERED_STATUS = 409;
const FIRST_TRY_SCORES = 'Your first answer is the one that counts towards your score.';
/** How often a paced lesson (no_seek) asks the server again whether the next question may open. */
const PACE_RETRY_MS = 3000;

/** A chapter of the reading view with its questions, in playing order. */
export interface ReadingSection extends ReadingChapter {
  index: number;
  questions: PlaybackQuestion[];
}

/** Feedback shown under the chapter whose question produced it. */
export interface ReadingNotice extends Notice {
  chapter: number;
}

/** The lesson's text from the server; a missing lesson is not retried. */
export function useReadingQuery(videoId: number) {
  return useQuery({
    queryKey: playerKeys.reading(videoId),
    queryFn: ({ signal }) => fetchReading(videoId, signal),
    staleTime: 60_000,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
}

/**
 * "Read instead": the same attempt, answers, grading and results as the video player, with the
 * lesson's text in place of the video. Chapters are read in order: each chapter's text, then its open
 * questions, one at a time. Before a question opens the player reports, honestly, that the learner
 * has reached its place in the lesson (the question's time), so the server's skipping rules hold as
 * they do for the video: a paced lesson (no_seek) opens it only once the server allows that position.
 */
export function useReadingEngine(playback: PlaybackView, backend: AttemptBackend) {
  const questions = useMemo(() => inPlayingOrder(playback.questions), [playback.questions]);
  const reading = useReadingQuery(playback.video.id);
  const api = useAttempt(backend, true);
  const attempt = api.attempt;
  const rules: AttemptRules = {
    skippingMode: attempt?.skippingMode ?? playback.video.skippingMode,
    requireCorrect: attempt?.requireCorrect ?? playback.video.requireCorrect,
  };
  const statuses = useMemo(() => ruleStatusMap(attempt?.answers ?? []), [attempt?.answers]);

  const sections: ReadingSection[] = useMemo(() => {
    const byId = new Map(questions.map((q) => [q.id, q]));
    return (reading.data?.chapters ?? []).map((chapter, index) => ({
      ...chapter,
      index,
      questions: chapter.questionIds.map((id) => byId.get(id)).filter((q): q is PlaybackQuestion => q !== undefined),
    }));
  }, [reading.data, questions]);

  const [open, setOpen] = useState<OpenQuestion | null>(null);
  const [notice, setNotice] = useState<ReadingNotice | null>(null);
  const [phase, setPhase] = useState<Phase>('watching');
  const [results, setResults] = useState<AttemptResults | null>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** A paced lesson holds the next question back: about how many seconds are left. */
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  /** Questions whose options cannot be shown (a safeguard: the server validated them). */
  const [unshowable, setUnshowable] = useState<ReadonlySet<number>>(() => new Set());
  const lastReport = useRef(performance.now());
  /** Review Chapter was chosen: the view scrolls back to that chapter (tick: once per choice). */
  const [review, setReview] = useState<{ chapter: number; tick: number } | null>(null);
  /** Chapters the learner said they have read ("Go to the questions"). */
  const [readChapters, setReadChapters] = useState<ReadonlySet<number>>(() => new Set());

  /** The first question still waiting for the learner, in playing order; null when every one is settled. */
  const next = questions.find((q) => isOpen(q.id, statuses, rules) && !unshowable.has(q.id)) ?? null;
  const nextChapter = next ? sections.findIndex((s) => s.questions.some((q) => q.id === next.id)) : -1;
  /** Chapters on screen: up to the one whose question is next (all once every question is settled). */
  const shownChapters = next && nextChapter >= 0 ? sections.slice(0, nextChapter + 1) : sections;
  /**
   * The next question's chapter has been read: said so, or one of its questions already answered (a resumed attempt).
   * Never before the chapters' text has loaded: until then no question has a chapter, and the first one opened
   * above a view with no text to read (on a slow network, a learner saw the question before its chapter).
   */
  const answered = new Set((attempt?.answers ?? []).map((a) => a.interactionId));
  const chapterRead =
    reading.data !== undefined &&
    (nextChapter < 0 || readChapters.has(nextChapter) || (sections[nextChapter]?.questions.some((q) => answered.has(q.id)) ?? false));

  function announce(text: string) {
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
  }

  /** Seconds spent reading since the last report (the server credits no more than the real time). */
  function readingSeconds(): number {
    const now = performance.now();
    const seconds = Math.max(0, (now - lastReport.current) / 1000);
    lastReport.current = now;
    return Math.round(seconds * 1000) / 1000;
  }

  // Opens the next question once the server accepts that the learner has reached it.
  const nextId = next?.id ?? null;
  const attemptId = attempt?.id ?? null;
  useEffect(() => {
    if (!next || !attemptId || !chapterRead || phase !== 'watching' || (open && open.question.id === next.id)) return;
    let cancelled = false;
    let timer: number | undefined;
    const target = next.timestamp;
    const show = () => {
      if (cancelled) return;
      setWaitSeconds(null);
      const learner = toLearnerQuestion(next);
      if (!learner) {
        setUnshowable((previous) => new Set(previous).add(next.id));
        setNotice({ chapter: Math.max(0, nextChapter), tone: 'error', title: 'This question cannot be shown', text: 'Its answer options are damaged. Please tell the video owner.' });
        return;
      }
      const secondTry = api.current()?.answers.some((a) => a.interactionId === next.id && a.secondTry === true) ?? false;
      const number = questions.findIndex((q) => q.id === next.id) + 1;
      setOpen({ question: next, learner, shown: shuffleQuestion(learner, attemptId), number, openedAt: performance.now(), tryNumber: 1, secondTry, review: null });
    };
    const reach = async () => {
      const current = api.current();
      if (!current || cancelled) return;
      if (current.lastPosition >= target) {
        show();
        return;
      }
      try {
        const outcome = await api.progress(target, readingSeconds());
        if (cancelled) return;
        if (!outcome || 'attempt' in outcome) {
          show();
          return;
        }
        // Paced: go as far as the rules allow now, and ask again shortly.
        const allowed = outcome.refused.allowedPosition;
        if (allowed > current.lastPosition) await api.progress(allowed, readingSeconds()).catch(() => null);
        const left = Math.max(1, Math.ceil((target - allowed) / 1.5));
        setWaitSeconds(left);
        timer = window.setTimeout(() => void reach(), Math.min(PACE_RETRY_MS, left * 1000));
      } catch {
        // Offline for a moment: the question opens anyway; its answer is sent (and refused, if need be) by the server.
        show();
      }
    };
    setOpen(null);
    void reach();
    return () => {
      cancelled = true;
      if (timer !== undefined) window.clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for each next question of the attempt
  }, [nextId, attemptId, chapterRead, phase]);

  async function answer(response: unknown): Promise<void> {
    const current = open;
    if (!current) return;
    const chapter = Math.max(0, nextChapter);
    try {
      const result = await api.answer(current.question.id, response, performance.now() - current.openedAt);
      if (result.correct) {
        setOpen(null);
        const detail = current.secondTry ? [result.feedback.explanation, FIRST_TRY_SCORES].filter(Boolean).join(' ') : result.feedback.explanation;
        setNotice({ chapter, tone: 'success', title: 'Correct!', text: result.feedback.correct, detail });
        announce(`Correct! ${result.feedback.correct ?? ''}`);
      } else {
        setOpen({ ...current, review: { result, response, last: current.secondTry || result.final === true } });
        const opening = isPartlyCorrect(result) ? "That's partly correct." : "That's not quite right.";
        announce(`${opening} ${result.feedback.incorrect ?? ''}`);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === ALREADY_ANSWERED_STATUS) {
        await api.refresh();
        setOpen(null);
        setNotice({ chapter, tone: 'info', title: 'Already answered', text: serverMessage(error) });
        return;
      }
      throw error;
    }
  }

  async function skip(): Promise<void> {
    const current = open;
    if (!current) return;
    await api.skip(current.question.id);
    setOpen(null);
    setNotice({ chapter: Math.max(0, nextChapter), tone: 'info', title: 'Question skipped', text: 'It counts as skipped in your results.' });
  }

  /** Review Chapter: back to the chapter's text; the question waits under it for the second try. */
  function reviewChapter() {
    const current = open;
    if (!current) return;
    const chapter = Math.max(0, nextChapter);
    setOpen({ ...current, review: null, secondTry: true, tryNumber: current.tryNumber + 1, openedAt: performance.now() });
    setNotice({ chapter, tone: 'info', title: 'Reviewing the chapter', text: 'Read the chapter again, then answer the question below it once more.' });
    // The view goes back to the chapter's start once the question under it is shown again (see ReadingView).
    setReview((n) => ({ chapter, tick: (n?.tick ?? 0) + 1 }));
    announce(`Reviewing the chapter: ${sections[chapter]?.title ?? ''}`);
  }

  /** Goes on after a wrong answer: after a first try the correct answer is fetched and shown. */
  async function continueReading(): Promise<void> {
    const current = open;
    if (!current) return;
    const review = current.review;
    const chapter = Math.max(0, nextChapter);
    if (review && !review.last && !rules.requireCorrect) {
      const revealed = (await api.reveal(current.question.id)) ?? review.result;
      const answerText = describeAnswer(current.learner, revealed.correctAnswer);
      setNotice({ chapter, tone: 'info', title: `Correct answer: ${answerText}`, text: revealed.feedback.explanation });
      announce(`Correct answer: ${answerText}`);
    } else setNotice(null);
    setOpen(null);
  }

  function tryAgain() {
    if (!open) return;
    setOpen({ ...open, review: null, tryNumber: open.tryNumber + 1, openedAt: performance.now() });
    announce(`Try again: ${open.question.question}`);
  }

  /** Every question settled: the place reached is the lesson's end, then the attempt is completed. */
  async function finish(): Promise<void> {
    setPhase('finishing');
    setFinishError(null);
    try {
      const end = sections.length > 0 ? sections[sections.length - 1].endTime : 0;
      const current = api.current();
      if (current && end > current.lastPosition) await api.progress(end, readingSeconds()).catch(() => null);
      const done = await api.complete();
      setResults(done);
      setPhase('results');
      setNotice(null);
      announce('Activity Complete!');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) await api.refresh().catch(() => undefined);
      setPhase('watching');
      setFinishError(serverMessage(error) ?? 'Your results could not be saved.');
    }
  }

  async function restart(): Promise<void> {
    try {
      await api.restart();
    } catch (error) {
      setNotice({ chapter: 0, tone: 'error', title: 'Could not start over', text: serverMessage(error) ?? 'Check your connection and try again.' });
      return;
    }
    lastReport.current = performance.now();
    setOpen(null);
    setReadChapters(new Set());
    setResults(null);
    setFinishError(null);
    setNotice(null);
    setPhase('watching');
    window.scrollTo({ top: 0 });
  }

  return {
    questions,
    reading,
    attemptQuery: api.query,
    attempt,
    rules,
    canSkip: canSkip(rules),
    completed: completedCount(questions, statuses, rules),
    sections,
    shownChapters,
    next,
    nextChapter,
    chapterRead,
    review,
    /** "Go to the questions" under a chapter's text. */
    markRead: (index: number) => setReadChapters((previous) => new Set(previous).add(index)),
    open,
    waitSeconds,
    notice,
    dismissNotice: () => setNotice(null),
    phase,
    results,
    finishError,
    finish: () => void finish(),
    announcement,
    answer,
    skip,
    reviewChapter,
    continueReading,
    tryAgain,
    restart,
  };
}

export type ReadingEngine = ReturnType<typeof useReadingEngine>;

export function chapterHeadingId(index: number): string {
  return `reading-chapter-${index}`;
}
