import { useEffect, useMemo, useRef, useState } from 'react';
import { type AttemptRules, canSkip, formatClock, type LearnerQuestion } from '@veolearn/domain';
import { ApiError, serverMessage } from '../../../lib/session-client';
import type { AttemptBackend } from '../api/attempt-backend';
import type { AnswerResult, AttemptResults, AttemptView, PlaybackQuestion, PlaybackView } from '../api/player-api';
import type { MediaController, MediaEvents } from '../media/media-controller';
import { useLatest } from '../media/use-latest';
import { describeAnswer, shuffleQuestion, type ShownQuestion, toLearnerQuestion } from '../model/responses';
import {
  completedCount,
  decideSeek,
  dueQuestion,
  finiteDuration,
  inPlayingOrder,
  isOpen,
  reviewPosition,
  ruleStatusMap,
  statusMap,
  timelineLength,
} from '../model/timeline';
import { useAttempt } from './use-attempt';
import { useFrameLoop } from './use-frame-loop';

/** Progress is reported this often while playing (and on every pause). */
export const PROGRESS_INTERVAL_MS = 5000;
/** Closer than this to the end counts as the end. */
const END_TOLERANCE_S = 0.05;

/** A question on screen: asked, or answered wrongly and waiting for the learner's choice. */
export interface OpenQuestion {
  question: PlaybackQuestion;
  /** Stored option order (describes answers given in stored indexes). */
  learner: LearnerQuestion;
  /** What the learner sees, shuffled for this attempt. */
  shown: ShownQuestion;
  /** 1-based place in the video. */
  number: number;
  openedAt: number;
  /** Bumped by Try Again: the form starts afresh. */
  tryNumber: number;
  /** Asked again after Review Chapter: the second (and last) try after a wrong first one. */
  secondTry: boolean;
  /** Set after a wrong answer: what the server said and what was sent (stored indexes). */
  review: AnswerReviewState | null;
}

export interface AnswerReviewState {
  result: AnswerResult;
  response: unknown;
  /**
   * No try is left (the second try, or the SCORM limit): the correct answer is shown and the learner
   * goes on. Otherwise the learner chooses Review Chapter (asked again) or Continue Video (answer shown).
   */
  last: boolean;
}

/** "partly correct" for a wrong answer that earned some credit (ordering, matching, multiple choice...). */
export function isPartlyCorrect(result: Pick<AnswerResult, 'correct' | 'credit'>): boolean {
  return !result.correct && result.credit > 0;
}

export type NoticeTone = 'success' | 'info' | 'warning' | 'error';

/** The line under the video: feedback after an answer, a refused seek, a resumed attempt. */
export interface Notice {
  tone: NoticeTone;
  title: string;
  text?: string;
  detail?: string;
}

export type Phase = 'watching' | 'finishing' | 'results';

const ALREADY_ANSWERED_STATUS = 409;
const FIRST_TRY_SCORES = 'Your first answer is the one that counts towards your score.';

/**
 * Everything the player does, whatever the source: asks each question when its time comes (and those
 * the learner seeked past), keeps the attempt in its backend in step (answers, skips, progress,
 * completion) and enforces the video's skipping mode before the backend has to. The backend is the
 * attempts API in the web app and the in-browser grader reporting to the LMS in the SCORM package.
 */
export function usePlayerEngine(playback: PlaybackView, backend: AttemptBackend) {
  const questions = useMemo(() => inPlayingOrder(playback.questions), [playback.questions]);
  const api = useAttempt(backend, true);
  const attempt = api.attempt;
  const rules: AttemptRules = {
    skippingMode: attempt?.skippingMode ?? playback.video.skippingMode,
    requireCorrect: attempt?.requireCorrect ?? playback.video.requireCorrect,
  };
  /** What each question's marker shows. */
  const statuses = useMemo(() => statusMap(attempt?.answers ?? []), [attempt?.answers]);
  /** What the rules go by (a wrong answer with no tries left is settled). */
  const ruleStatuses = useMemo(() => ruleStatusMap(attempt?.answers ?? []), [attempt?.answers]);

  const controllerRef = useRef<MediaController | null>(null);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [sourceKey, setSourceKey] = useState(0);
  const [open, setOpen] = useState<OpenQuestion | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [phase, setPhase] = useState<Phase>('watching');
  const [results, setResults] = useState<AttemptResults | null>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const ended = useRef(false);
  const watched = useRef({ seconds: 0, lastTick: 0 });
  const sending = useRef(false);
  const resend = useRef(false);
  const durationReported = useRef(playback.video.duration !== null);
  const openRef = useLatest(open);
  /** Questions whose options cannot be shown: never asked (the server validated them, so this is a safeguard). */
  const unshowable = useRef(new Set<number>());

  const duration = finiteDuration(mediaDuration) ?? finiteDuration(playback.video.duration);
  const length = timelineLength(duration, questions, time);

  /** Statuses as the server last said, read when a callback runs right after an answer. */
  function currentStatuses() {
    return ruleStatusMap(api.current()?.answers ?? []);
  }

  function currentRules(): AttemptRules {
    const latest = api.current();
    return latest ? { skippingMode: latest.skippingMode, requireCorrect: latest.requireCorrect } : rules;
  }

  /** The question to ask at `at`, from the statuses the server last sent. */
  function due(at: number): PlaybackQuestion | null {
    const askable = unshowable.current.size ? questions.filter((q) => !unshowable.current.has(q.id)) : questions;
    return dueQuestion(askable, currentStatuses(), currentRules(), at);
  }

  function announce(text: string) {
    // A repeated text is announced again only if the region's content changes.
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
  }

  /**
   * Shows a question and pauses. The line under the video is cleared, except when the question follows
   * straight on from an answer (keepNotice), whose feedback the learner has not read yet.
   */
  function openQuestion(question: PlaybackQuestion, keepNotice = false) {
    const controller = controllerRef.current;
    controller?.pause();
    const attemptId = api.current()?.id ?? '';
    const learner = toLearnerQuestion(question);
    const number = questions.findIndex((q) => q.id === question.id) + 1;
    if (!learner) {
      unshowable.current.add(question.id);
      setNotice({ tone: 'error', title: 'This question cannot be shown', text: 'Its answer options are damaged. Please tell the video owner.' });
      return;
    }
    if (!keepNotice) setNotice(null);
    const secondTry = api.current()?.answers.some((a) => a.interactionId === question.id && a.secondTry === true) ?? false;
    setOpen({ question, learner, shown: shuffleQuestion(learner, attemptId), number, openedAt: performance.now(), tryNumber: 1, secondTry, review: null });
    announce(`Question ${number} of ${questions.length}${secondTry ? ', second try' : ''}: ${question.question}`);
  }

  function tick() {
    const controller = controllerRef.current;
    if (!controller) return;
    const now = performance.now();
    const t = controller.currentTime();
    if (playing && watched.current.lastTick > 0) {
      const delta = (now - watched.current.lastTick) / 1000;
      if (delta > 0 && delta < 1) watched.current.seconds += delta;
    }
    watched.current.lastTick = now;
    setTime(Math.floor(t * 10) / 10);
    if (openRef.current || controller.paused()) return;
    const next = due(t);
    if (next) openQuestion(next);
  }

  useFrameLoop(ready && playing, tick);

  /** Goes on after a question closed: the next due question, the end of the activity, or playback. */
  function proceed() {
    const controller = controllerRef.current;
    if (!controller) return;
    const at = ended.current ? Number.POSITIVE_INFINITY : controller.currentTime();
    const next = due(at);
    if (next) openQuestion(next, true);
    else if (ended.current) void finish();
    else controller.play();
  }

  function play() {
    const controller = controllerRef.current;
    if (!controller || openRef.current || phase !== 'watching') return;
    const next = due(controller.currentTime());
    if (next) {
      openQuestion(next);
      return;
    }
    // At the very end a <video> would start again from 0: finish the activity instead.
    const end = controller.duration();
    if (end !== null && controller.currentTime() >= end - END_TOLERANCE_S) {
      ended.current = true;
      proceed();
      return;
    }
    ended.current = false;
    controller.play();
  }

  function pause() {
    controllerRef.current?.pause();
  }

  function seek(target: number) {
    const controller = controllerRef.current;
    if (!controller || openRef.current) return;
    const latest = api.current();
    const decision = decideSeek(target, controller.currentTime(), questions, currentStatuses(), currentRules(), latest?.maxAllowedPosition ?? null);
    const position = Math.min(decision.position, duration ?? Number.POSITIVE_INFINITY);
    controller.seek(position);
    ended.current = false;
    setTime(Math.floor(position * 10) / 10);
    if (decision.message) {
      setNotice({ tone: 'warning', title: 'Skipping ahead is not allowed', text: decision.message });
      announce(decision.message);
    }
  }

  async function sendProgress() {
    const controller = controllerRef.current;
    if (!controller || phase !== 'watching') return;
    if (sending.current) {
      // A report is on its way: send the newer position right after it.
      resend.current = true;
      return;
    }
    sending.current = true;
    resend.current = false;
    const seconds = watched.current.seconds;
    watched.current.seconds = 0;
    try {
      const outcome = await api.progress(controller.currentTime(), Math.round(seconds * 1000) / 1000);
      if (outcome && 'refused' in outcome) {
        controller.pause();
        controller.seek(outcome.refused.allowedPosition);
        setTime(Math.floor(outcome.refused.allowedPosition * 10) / 10);
        setNotice({ tone: 'warning', title: 'Skipping ahead is not allowed', text: outcome.refused.message });
        announce(outcome.refused.message);
      }
    } catch {
      // Offline for a moment: the watch time is sent with the next report.
      watched.current.seconds += seconds;
    } finally {
      sending.current = false;
      if (resend.current) void latestSend.current();
    }
  }

  const latestSend = useLatest(sendProgress);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => void latestSend.current(), PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, latestSend]);

  // The last position when the learner leaves, so that coming back resumes there.
  const leaveState = useLatest({ attempt, backend });
  useEffect(() => {
    const leave = () => {
      const { attempt: current, backend: target } = leaveState.current;
      const controller = controllerRef.current;
      if (!current || current.status !== 'in_progress' || !controller) return;
      const seconds = watched.current.seconds;
      watched.current.seconds = 0;
      target.progressOnLeave(current, { position: controller.currentTime(), watchedSeconds: Math.round(seconds * 1000) / 1000 });
    };
    const onVisibility = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the page inside the app (a link) ends the player too.
      leave();
    };
  }, [leaveState]);

  // A backend that saves the position on its own schedule (the SCORM package on exit) reads it here.
  useEffect(() => backend.watchPosition?.(() => controllerRef.current?.currentTime() ?? null), [backend]);

  async function finish() {
    setPhase('finishing');
    setFinishError(null);
    try {
      const done = await api.complete();
      setResults(done);
      setPhase('results');
      setOpen(null);
      announce('Activity Complete!');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Questions are still open on the server: ask them.
        await api.refresh().catch(() => undefined);
        setPhase('watching');
        proceed();
        return;
      }
      setPhase('watching');
      setFinishError(serverMessage(error) ?? 'Your results could not be saved.');
    }
  }

  async function answer(response: unknown): Promise<void> {
    const current = openRef.current;
    if (!current) return;
    try {
      const result = await api.answer(current.question.id, response, performance.now() - current.openedAt);
      if (result.correct) {
        setOpen(null);
        const detail = current.secondTry ? [result.feedback.explanation, FIRST_TRY_SCORES].filter(Boolean).join(' ') : result.feedback.explanation;
        setNotice({ tone: 'success', title: 'Correct!', text: result.feedback.correct, detail });
        announce(`Correct! ${result.feedback.correct ?? ''}`);
        proceed();
      } else {
        const last = current.secondTry || result.final === true;
        setOpen({ ...current, review: { result, response, last } });
        const opening = isPartlyCorrect(result) ? "That's partly correct." : "That's not quite right.";
        announce(`${opening} ${result.feedback.incorrect ?? ''}`);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === ALREADY_ANSWERED_STATUS) {
        await api.refresh();
        setOpen(null);
        setNotice({ tone: 'info', title: 'Already answered', text: serverMessage(error) });
        proceed();
        return;
      }
      throw error;
    }
  }

  async function skip(): Promise<void> {
    const current = openRef.current;
    if (!current) return;
    await api.skip(current.question.id);
    setOpen(null);
    setNotice({ tone: 'info', title: 'Question skipped', text: 'It counts as skipped in your results.' });
    proceed();
  }

  function reviewChapter() {
    const current = openRef.current;
    const controller = controllerRef.current;
    if (!current || !controller) return;
    setOpen(null);
    ended.current = false;
    const position = reviewPosition(current.question);
    controller.seek(position);
    setTime(Math.floor(position * 10) / 10);
    // Asked again when its time comes, unless the backend settled it (the SCORM package asks no second try).
    const askedAgain = isOpen(current.question.id, currentStatuses(), currentRules());
    const again = askedAgain ? ` The question is asked again at ${formatClock(current.question.timestamp)}.` : '';
    setNotice({ tone: 'info', title: 'Reviewing the chapter', text: `Playing again from ${formatClock(position)}.${again}` });
    controller.play();
  }

  /**
   * Goes on after a wrong answer. After a first try the correct answer is fetched now (the server kept it
   * back, and the question will not be asked again) and shown under the video.
   */
  async function continueVideo(): Promise<void> {
    const current = openRef.current;
    if (!current) return;
    const review = current.review;
    if (review && !review.last && !currentRules().requireCorrect) {
      const revealed = (await api.reveal(current.question.id)) ?? review.result;
      const answerText = describeAnswer(current.learner, revealed.correctAnswer);
      setNotice({ tone: 'info', title: `Correct answer: ${answerText}`, text: revealed.feedback.explanation });
      announce(`Correct answer: ${answerText}`);
    }
    setOpen(null);
    proceed();
  }

  function tryAgain() {
    const current = openRef.current;
    if (!current) return;
    setOpen({ ...current, review: null, tryNumber: current.tryNumber + 1, openedAt: performance.now() });
    announce(`Try again: ${current.question.question}`);
  }

  async function restart(): Promise<void> {
    const controller = controllerRef.current;
    try {
      await api.restart();
    } catch (error) {
      setNotice({ tone: 'error', title: 'Could not start over', text: serverMessage(error) ?? 'Check your connection and try again.' });
      return;
    }
    controller?.pause();
    controller?.seek(0);
    ended.current = false;
    watched.current.seconds = 0;
    setTime(0);
    setOpen(null);
    setResults(null);
    setFinishError(null);
    setPhase('watching');
    setNotice({ tone: 'info', title: 'Started over', text: 'A new attempt has begun: every question will be asked again.' });
  }

  const events: MediaEvents = {
    onReady(controller) {
      controllerRef.current = controller;
      setReady(true);
      setSourceError(null);
      const t = controller.currentTime();
      setTime(Math.floor(t * 10) / 10);
      const resumed = api.current();
      if (resumed && (resumed.lastPosition > 0 || resumed.answers.length > 0)) {
        const done = completedCount(questions, ruleStatusMap(resumed.answers), currentRules());
        setNotice({
          tone: 'info',
          title: 'Welcome back',
          text: `Resuming at ${formatClock(resumed.lastPosition)} with ${done} of ${questions.length} questions completed.`,
        });
      }
    },
    onPlay() {
      watched.current.lastTick = performance.now();
      setPlaying(true);
    },
    onPause() {
      setPlaying(false);
      watched.current.lastTick = 0;
      void sendProgress();
    },
    onEnded() {
      setPlaying(false);
      watched.current.lastTick = 0;
      ended.current = true;
      void sendProgress().then(() => proceed());
    },
    onSeeked() {
      // A strict mode checks every jump at once, paused or not: the server refuses a position past what
      // the learner may reach and the player goes back (a seek from outside the player's own controls
      // would otherwise stand until playback's next report).
      if (currentRules().skippingMode !== 'free' && !openRef.current) void sendProgress();
    },
    onDuration(seconds) {
      setMediaDuration(seconds);
      if (!durationReported.current) {
        durationReported.current = true;
        backend.reportDuration(Math.round(seconds * 1000) / 1000);
      }
    },
    onError(message) {
      setReady(false);
      setPlaying(false);
      controllerRef.current = null;
      setSourceError(message);
    },
  };

  function retrySource() {
    setSourceError(null);
    setReady(false);
    setSourceKey((k) => k + 1);
  }

  return {
    questions,
    attemptQuery: api.query,
    attempt: attempt as AttemptView | undefined,
    rules,
    statuses,
    canSkip: canSkip(rules),
    completed: completedCount(questions, ruleStatuses, rules),
    ready,
    playing,
    time,
    duration,
    length,
    open,
    notice,
    dismissNotice: () => setNotice(null),
    phase,
    results,
    finishError,
    retryFinish: () => void finish(),
    announcement,
    sourceError,
    sourceKey,
    retrySource,
    events,
    play,
    pause,
    seek,
    answer,
    skip,
    reviewChapter,
    continueVideo,
    tryAgain,
    restart,
  };
}

export type PlayerEngine = ReturnType<typeof usePlayerEngine>;
