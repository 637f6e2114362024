import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, CheckCircle2, Rotate3d, Headset, Loader2, MonitorSmartphone, Pause, Play, Pointer } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { routes } from '../../../app/routes';
import { cn } from '../../../lib/utils';
import type { AnswerResult } from '../../player/api/player-api';
import { Html5Source } from '../../player/media/html5-source';
import type { MediaController, MediaEvents } from '../../player/media/media-controller';
import { YouTubeSource } from '../../player/media/youtube-source';
import { clock, feedbackMessage, progressStates, responseFor, triggeredQuestion, VR, type VrQuestion } from '../model/vr-model';
import { applyKeyAction, INITIAL_VR_SETTINGS, isTypingTarget, keyAction, progressPalette, sessionEvents, type VrSettings } from '../model/vr-settings';
import type { SceneCallbacks, VrSceneHandle } from '../scene/vr-scene';

export type VrSource = { kind: 'upload'; src: string; captionsSrc: string } | { kind: 'youtube'; youtubeId: string } | null;

/** What the player needs of the learner's attempt (a YouTube video from the hub has none). */
export interface VrAttempt {
  isDone(questionId: number): boolean;
  correctCount: number;
  startAt: number;
  answer(questionId: number, response: unknown, timeTakenMs: number): Promise<AnswerResult>;
  skip(questionId: number): Promise<AnswerResult>;
  /** Called once every question is done. */
  finish(): void;
  progress(position: number, watchedSeconds: number): void;
}

interface OpenQuestion {
  question: VrQuestion;
  chosen: number[];
  feedback: { correct: boolean; text: string } | null;
  busy: boolean;
  resume: boolean;
  openedAt: number;
}

interface VrPlayerProps {
  title: string;
  source: VrSource;
  questions: VrQuestion[];
  attempt: VrAttempt | null;
  /** Shown above the player (the LMS connection). */
  banner?: React.ReactNode;
}

const LETTERS = ['A', 'B', 'C', 'D'];

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

async function checkWebXr(): Promise<'ok' | 'insecure' | 'none' | 'unsupported'> {
  if (!window.isSecureContext) return 'insecure';
  const xr = (navigator as Navigator & { xr?: { isSessionSupported(mode: string): Promise<boolean> } }).xr;
  if (!xr) return 'none';
  try {
    return (await xr.isSessionSupported('immersive-vr')) ? 'ok' : 'unsupported';
  } catch {
    return 'unsupported';
  }
}

const XR_MESSAGES = {
  insecure: { title: 'Security Warning', description: 'VR needs a secure (HTTPS) page, except on localhost.' },
  none: { title: 'VR Not Supported', description: 'Your browser does not support WebXR. The scene still works here with mouse and keyboard.' },
  unsupported: { title: 'VR Session Not Supported', description: 'No VR headset is available to this browser. The scene still works here with mouse and keyboard.' },
} as const;

/** The VR player: setup overlay, the A-Frame scene (or the 2D mode), questions, score and progress. */
export function VrPlayer({ title, source, questions, attempt, banner }: VrPlayerProps) {
  const [setupShown, setSetupShown] = useState(true);
  const [vrMode, setVrMode] = useState(false);
  const [sceneState, setSceneState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const [sceneError, setSceneError] = useState<string | null>(null);
  const [immersive, setImmersive] = useState(false);
  const [handTracking, setHandTracking] = useState(false);
  const [settings, setSettings] = useState<VrSettings>(INITIAL_VR_SETTINGS);
  const [open, setOpen] = useState<OpenQuestion | null>(null);
  const [playing, setPlaying] = useState(false);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [sessionSeconds, setSessionSeconds] = useState(0);
  const [fps, setFps] = useState(0);
  const [degraded, setDegraded] = useState(false);
  const [platform, setPlatform] = useState<'Mobile VR' | 'Desktop VR'>('Desktop VR');
  const [announcement, setAnnouncement] = useState('');

  const controller = useRef<MediaController | null>(null);
  const scene = useRef<VrSceneHandle | null>(null);
  const sceneBox = useRef<HTMLDivElement | null>(null);
  const mediaBox = useRef<HTMLDivElement | null>(null);
  const asked = useRef(new Set<number>());
  const sessionFlags = useRef({ comfortBreak: false, cleanup: false });
  const closeTimer = useRef<number | null>(null);
  const finished = useRef(false);

  const isDone = useCallback((id: number) => attempt?.isDone(id) ?? false, [attempt]);
  const states = useMemo(() => progressStates(questions, isDone, open?.question.id ?? null), [questions, isDone, open]);
  const palette = progressPalette(settings.colorBlindSupport);
  const doneCount = questions.filter((q) => isDone(q.id)).length;
  const correct = attempt?.correctCount ?? 0;

  // Every question done: the attempt completes (and an LMS launch sends its grade).
  useEffect(() => {
    if (attempt && questions.length > 0 && doneCount === questions.length && !finished.current && !open) {
      finished.current = true;
      attempt.finish();
    }
  }, [attempt, doneCount, questions.length, open]);

  const speak = useCallback(
    (text: string) => {
      setAnnouncement(text);
      if (settings.audioDescriptions && 'speechSynthesis' in window) {
        window.speechSynthesis.cancel();
        window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
      }
    },
    [settings.audioDescriptions],
  );

  const openQuestion = useCallback(
    (question: VrQuestion, resume: boolean) => {
      // Another question chosen while feedback shows: it opens now and the video stays paused.
      if (closeTimer.current !== null) {
        window.clearTimeout(closeTimer.current);
        closeTimer.current = null;
        resume = false;
      }
      controller.current?.pause();
      asked.current.add(question.id);
      setOpen({ question, chosen: [], feedback: null, busy: false, resume, openedAt: performance.now() });
      speak(`Question ${question.number}: ${question.question} ${question.options.map((o, i) => `${LETTERS[i]}: ${o}`).join('. ')}`);
    },
    [speak],
  );

  const onSphere = useCallback(
    (id: number) => {
      const question = questions.find((q) => q.id === id);
      if (!question) return;
      if (isDone(id)) {
        toast({ title: `Question ${question.number} answered`, description: 'This question is already done.' });
        return;
      }
      const wasPlaying = controller.current ? !controller.current.paused() : false;
      openQuestion(question, wasPlaying);
    },
    [questions, isDone, openQuestion],
  );

  const closeAfterFeedback = useCallback((resume: boolean) => {
    closeTimer.current = window.setTimeout(() => {
      closeTimer.current = null;
      setOpen(null);
      if (resume) controller.current?.play();
    }, VR.feedbackDelayMs);
  }, []);

  const submit = useCallback(
    async (state: OpenQuestion, chosen: number[]) => {
      if (!attempt || state.busy || state.feedback) return;
      const response = responseFor(state.question.kind, chosen);
      if (response === null) return;
      setOpen({ ...state, chosen, busy: true });
      try {
        const result = await attempt.answer(state.question.id, response, performance.now() - state.openedAt);
        const message = feedbackMessage(result.correct, result.feedback);
        toast({ title: message.title, description: message.description, variant: result.correct ? 'default' : 'destructive' });
        speak(`${message.title} ${message.description}`);
        setOpen({ ...state, chosen, busy: false, feedback: { correct: result.correct, text: message.description } });
        closeAfterFeedback(state.resume);
      } catch {
        toast({ title: 'VR Question Error', description: 'The answer could not be saved. Please try again.', variant: 'destructive' });
        setOpen({ ...state, chosen, busy: false });
      }
    },
    [attempt, closeAfterFeedback, speak],
  );

  const choose = useCallback(
    (index: number) => {
      if (!open || open.busy || open.feedback) return;
      if (open.question.kind === 'multi') {
        const chosen = open.chosen.includes(index) ? open.chosen.filter((i) => i !== index) : [...open.chosen, index];
        setOpen({ ...open, chosen });
        return;
      }
      void submit(open, [index]);
    },
    [open, submit],
  );

  const skipOpen = useCallback(async () => {
    if (!attempt || !open) return;
    try {
      await attempt.skip(open.question.id);
      setOpen(null);
      if (open.resume) controller.current?.play();
    } catch {
      toast({ title: 'VR Question Error', description: 'The question could not be skipped.', variant: 'destructive' });
    }
  }, [attempt, open]);

  const togglePlay = useCallback(() => {
    const media = controller.current;
    if (!media || open) return;
    if (media.paused()) media.play();
    else media.pause();
  }, [open]);

  const leaveVr = useCallback(() => {
    scene.current?.exitVR();
    setVrMode(false);
    toast({ title: 'VR Mode Disabled', description: 'You are watching in the 2D player.' });
  }, []);

  const enterImmersive = useCallback(async () => {
    const check = await checkWebXr();
    if (check !== 'ok') {
      toast({ ...XR_MESSAGES[check], variant: 'destructive' });
      return;
    }
    try {
      await scene.current?.enterVR();
    } catch {
      toast({ title: 'VR Access Denied', description: 'Could not access VR device. Ensure your headset is connected and allow VR access.', variant: 'destructive' });
    }
  }, []);

  const startVr = () => {
    setSetupShown(false);
    setSceneError(null);
    setVrMode(true);
    toast({ title: 'VR Mode Activated', description: 'Click the glowing spheres to answer; Escape leaves VR mode.' });
    void checkWebXr().then((check) => {
      if (check !== 'ok') toast({ ...XR_MESSAGES[check], variant: 'destructive' });
    });
  };

  // The scene's callbacks read the latest state through a ref: the scene is built once.
  const latest = useLatest({ onSphere, choose, submitMulti: () => open && void submit(open, open.chosen), togglePlay });
  const callbacks = useMemo<SceneCallbacks>(
    () => ({
      onSphere: (id) => latest.current.onSphere(id),
      onOption: (i) => latest.current.choose(i),
      onSubmit: () => latest.current.submitMulti(),
      onTogglePlay: () => latest.current.togglePlay(),
      onImmersiveChange: (active) => setImmersive(active),
      onHandTracking: () => setHandTracking(true),
    }),
    [latest],
  );

  // Builds the scene in VR mode; any failure falls back to the 2D mode.
  useEffect(() => {
    if (!vrMode) return undefined;
    const box = sceneBox.current;
    if (!box) return undefined;
    let cancelled = false;
    let handle: VrSceneHandle | null = null;
    setSceneState('loading');
    const fail = (message: string) => {
      if (cancelled) return;
      setSceneState('failed');
      setSceneError(message);
      setVrMode(false);
      toast({ title: 'VR Scene Error', description: `${message} Showing the 2D player instead.`, variant: 'destructive' });
    };
    import('../scene/vr-scene')
      .then(async (mod) => {
        if (!mod.webglAvailable()) throw new Error('This browser cannot draw 3D graphics (WebGL is unavailable).');
        const created = await mod.createVrScene(box, callbacks, title);
        if (cancelled) {
          created.destroy();
          return;
        }
        handle = created;
        scene.current = created;
        setPlatform(created.stats().platform);
        const video = mediaBox.current?.querySelector('video') ?? null;
        created.attachVideo(video);
        setSceneState('ready');
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : 'The VR scene could not start.'));
    return () => {
      cancelled = true;
      handle?.destroy();
      scene.current = null;
      box.replaceChildren();
    };
  }, [vrMode, callbacks, title]);

  // The scene follows React's state.
  useEffect(() => {
    if (sceneState !== 'ready' || !scene.current) return;
    scene.current.update({
      questions: questions.map((q) => ({ question: q, state: states.get(q.id) ?? 'todo' })),
      panel: open ? { question: open.question, chosen: open.chosen, feedback: open.feedback, busy: open.busy } : null,
      playing,
      settings,
    });
  });

  // Keys 1-5 and Escape in VR mode.
  useEffect(() => {
    if (!vrMode) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      const action = keyAction(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'exitVr') leaveVr();
      else setSettings((s) => applyKeyAction(s, action));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [vrMode, leaveVr]);

  // The once-a-second session check: time, frame rate, comfort break at 20 min, cleanup at 30.
  useEffect(() => {
    if (!vrMode) return undefined;
    const timer = window.setInterval(() => {
      setSessionSeconds((s) => {
        const next = s + 1;
        for (const event of sessionEvents(next, sessionFlags.current)) {
          if (event === 'comfortBreak') {
            sessionFlags.current.comfortBreak = true;
            toast({ title: 'VR Comfort Break', description: 'You have been in VR for 20 minutes. Take a 5-minute break to rest your eyes.' });
          } else {
            sessionFlags.current.cleanup = true;
            scene.current?.cleanup();
            setDegraded(true);
          }
        }
        return next;
      });
      if (scene.current) setFps(scene.current.stats().fps);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [vrMode]);

  // Questions open on their own in the trigger window; progress is reported every 10 s of play.
  useEffect(() => {
    let watched = 0;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const media = controller.current;
      const now = performance.now();
      const elapsed = (now - last) / 1000;
      last = now;
      if (!media || media.paused()) return;
      watched += elapsed;
      const time = media.currentTime();
      for (const id of asked.current) {
        const q = questions.find((item) => item.id === id);
        if (q && time < q.timestamp - VR.triggerBefore && !isDone(id)) asked.current.delete(id);
      }
      if (!open && attempt) {
        const due = triggeredQuestion(questions, time, isDone, asked.current);
        if (due) openQuestion(due, true);
      }
      if (attempt && watched >= 10) {
        attempt.progress(time, watched);
        watched = 0;
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [questions, isDone, open, attempt, openQuestion]);

  useEffect(() => () => {
    if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
  }, []);

  const events = useMemo<MediaEvents>(
    () => ({
      onReady: (media) => {
        controller.current = media;
        setMediaError(null);
        const video = mediaBox.current?.querySelector('video') ?? null;
        scene.current?.attachVideo(video);
      },
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: () => setPlaying(false),
      onDuration: () => undefined,
      onError: (message) => setMediaError(message),
    }),
    [],
  );

  const startAt = attempt?.startAt ?? 0;
  const media = !source ? (
    <p className="flex aspect-video items-center justify-center rounded-xl bg-muted text-sm text-muted-foreground">Video source not available</p>
  ) : mediaError ? (
    <p role="alert" className="flex aspect-video items-center justify-center rounded-xl bg-muted p-4 text-center text-sm text-muted-foreground">
      {mediaError}
    </p>
  ) : source.kind === 'upload' ? (
    <Html5Source src={source.src} title={title} startAt={startAt} captionsSrc={source.captionsSrc} captionsOn={false} events={events} />
  ) : (
    <YouTubeSource youtubeId={source.youtubeId} title={title} startAt={startAt} events={events} />
  );

  const textStyle = { fontSize: `${settings.textScale / VR.textScale.start}rem` };

  const questionCard = open ? (
            <section aria-label="Question" className="rounded-xl border bg-background p-4 shadow-sm" data-testid="vr-question" style={textStyle}>
              <p className="text-[0.75em] font-medium text-muted-foreground">
                Question {open.question.number} of {questions.length} · {open.question.label}
              </p>
              <h2 className="mt-1 font-semibold break-words">{open.question.question}</h2>
      {open.question.kind === 'multi' && !open.feedback ? <p className="mt-1 text-[0.75em] text-muted-foreground">Choose all that apply, then Submit Answer.</p> : null}
              {open.question.kind === 'unsupported' ? (
                <div className="mt-3 grid gap-2 text-[0.875em]">
                  <p className="text-muted-foreground">This type of question cannot be answered in VR. Open the lesson in the 2D player to answer it, or skip it here.</p>
                  <Button variant="outline" className="justify-self-start" onClick={() => void skipOpen()}>
                    Skip question
                  </Button>
                </div>
              ) : (
                <div className="mt-3 grid gap-2 sm:grid-cols-2">
                  {open.question.options.map((option, i) => (
                    <Button
                      key={i}
                      variant={open.chosen.includes(i) ? 'default' : 'outline'}
                      className="h-auto justify-start whitespace-normal py-2 text-left text-[0.875em]"
                      aria-pressed={open.question.kind === 'multi' ? open.chosen.includes(i) : undefined}
                      disabled={open.busy || Boolean(open.feedback)}
                      onClick={() => choose(i)}
                    >
                      <span className="font-bold">{LETTERS[i]}.</span> {option}
                    </Button>
                  ))}
                </div>
              )}
              {open.question.kind === 'multi' && !open.feedback ? (
                <Button className="mt-3" disabled={open.chosen.length === 0 || open.busy} onClick={() => void submit(open, open.chosen)}>
                  Submit Answer
                </Button>
              ) : null}
              {open.feedback ? (
                <p role="status" className={cn('mt-3 rounded-md p-2 text-[0.875em]', open.feedback.correct ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900')}>
                  <strong>{open.feedback.correct ? 'Correct Answer!' : 'Incorrect Answer'}</strong> {open.feedback.text}
                </p>
              ) : null}
            </section>
          ) : null;
  const guideCard = !immersive ? (
                <Card className="bg-background/80">
                  <CardContent className="grid gap-1 pt-4 pb-4 text-sm text-muted-foreground">
                    <p className="font-medium text-foreground">Moving around the scene</p>
                    <p>WASD to move, mouse to look, click the glowing spheres for questions.</p>
                    <p>With a headset: connect it first, click Enter VR, then use hand gestures or the controllers.</p>
                    <p>Keys: Esc leaves VR mode · 1/2 text size · 3 contrast · 4 audio descriptions · 5 colour-blind palette.</p>
                  </CardContent>
                </Card>
              ) : null;

  return (
    <div className={cn('min-h-screen bg-muted/30', settings.contrastMode && 'contrast-more bg-black text-white')} data-testid="vr-player">
      <div inert={setupShown}>
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link to={routes.vrLearning} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" /> VR Learning
          </Link>
          <h1 className="order-last min-w-0 basis-full truncate text-lg font-semibold sm:order-none sm:flex-1 sm:basis-auto">{title}</h1>
          <div className="flex flex-wrap items-center gap-2">
            {vrMode ? (
              <Badge data-testid="vr-mode-badge">
                <Rotate3d className="size-3" aria-hidden="true" /> VR Mode Active
              </Badge>
            ) : null}
            <Badge variant="secondary" data-testid="vr-score" aria-live="polite">
              Score: {correct}/{questions.length}
            </Badge>
          </div>
        </div>
      </header>
      {banner}
      <main className="mx-auto grid max-w-7xl gap-4 px-4 py-4 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid min-w-0 content-start gap-3">
          {sceneError ? (
            <p role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900" data-testid="vr-fallback">
              The 3D scene could not start ({sceneError}) The lesson plays in 2D mode: answer with the buttons below.
            </p>
          ) : null}
          {vrMode ? (
            <>
              <div
                className="relative h-96 overflow-hidden rounded-xl border bg-slate-950 [&_.a-enter-ar]:hidden [&_.a-enter-vr]:hidden"
                aria-label="VR scene"
                role="region"
              >
                <div ref={sceneBox} className="absolute inset-0" />
                {sceneState === 'loading' ? (
                  <div role="status" className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-200">
                    <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Loading VR Experience...
                  </div>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-2" aria-label="Scene controls">
                <Button onClick={() => void enterImmersive()} disabled={sceneState !== 'ready'} aria-pressed={immersive}>
                  <Headset aria-hidden="true" /> {immersive ? 'VR Active' : 'Enter VR'}
                </Button>
                <Button variant="outline" onClick={togglePlay} disabled={!controller.current || Boolean(open)}>
                  {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />} {playing ? 'Pause' : 'Play'}
                </Button>
                <Button variant="ghost" onClick={leaveVr}>
                  Exit VR Mode
                </Button>
                <Badge variant="outline" className="gap-1">
                  <Pointer className="size-3" aria-hidden="true" /> Hand Tracking Ready
                </Badge>
                <Badge variant="outline" className="gap-1">
                  <CheckCircle2 className="size-3" aria-hidden="true" /> VR Compatible
                </Badge>
              </div>
              {questionCard}
            </>
          ) : null}
          <div ref={mediaBox} className={cn('min-w-0', vrMode && 'max-w-md')} data-testid="vr-media">
            {vrMode && source?.kind === 'youtube' ? <p className="mb-1 text-xs text-muted-foreground">YouTube videos cannot be drawn inside the scene: the video plays here.</p> : null}
            {media}
          </div>
          {!vrMode ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={togglePlay} disabled={!controller.current || Boolean(open)}>
                {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />} {playing ? 'Pause' : 'Play'}
              </Button>
              <Button onClick={startVr}>
                <Rotate3d aria-hidden="true" /> Start VR Experience
              </Button>
            </div>
          ) : null}
          {!vrMode ? questionCard : null}
          {vrMode ? guideCard : null}
          {attempt && questions.length > 0 && doneCount === questions.length && !open ? (
            <p role="status" className="rounded-xl border bg-background p-4 text-sm" data-testid="vr-complete">
              <strong>Lesson complete.</strong> You answered {correct} of {questions.length} correctly.
            </p>
          ) : null}
        </div>
        <aside className="grid content-start gap-4">
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">VR Learning Progress</CardTitle>
            </CardHeader>
            <CardContent>
              {questions.length === 0 ? (
                <p className="text-sm text-muted-foreground">This video has no questions: watch it in the scene.</p>
              ) : (
                <ol className="grid gap-1.5" aria-label="Questions">
                  {questions.map((q) => {
                    const state = states.get(q.id) ?? 'todo';
                    return (
                      <li key={q.id}>
                        <button
                          type="button"
                          onClick={() => onSphere(q.id)}
                          data-testid="vr-progress-item"
                          data-state={state}
                          className="flex w-full items-center gap-2 rounded-md border px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                          aria-label={`Question ${q.number}: ${q.label} at ${clock(q.timestamp)}, ${state === 'done' ? 'done' : state === 'current' ? 'current' : 'not yet'}`}
                        >
                          <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: palette[state] }} aria-hidden="true" />
                          <span className="min-w-0 flex-1 truncate">{q.label}</span>
                          <span className="font-mono text-xs text-muted-foreground">{clock(q.timestamp)}</span>
                        </button>
                      </li>
                    );
                  })}
                </ol>
              )}
            </CardContent>
          </Card>
          {vrMode ? (
            <Card data-testid="vr-accessibility">
              <CardHeader className="pb-2">
                <CardTitle className="text-base">Accessibility &amp; performance</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Session</dt>
                  <dd data-testid="vr-session">{sessionSeconds}s</dd>
                  <dt className="text-muted-foreground">Frame rate</dt>
                  <dd>{fps} fps</dd>
                  <dt className="text-muted-foreground">Performance</dt>
                  <dd>{degraded ? 'Degraded' : 'Optimal'}</dd>
                  <dt className="text-muted-foreground">Platform</dt>
                  <dd className="flex items-center gap-1">
                    <MonitorSmartphone className="size-3.5" aria-hidden="true" /> {platform}
                  </dd>
                  <dt className="text-muted-foreground">Controllers</dt>
                  <dd>{handTracking ? 'Hand Tracking' : 'Standard'}</dd>
                  <dt className="text-muted-foreground">Text size</dt>
                  <dd data-testid="vr-text-scale">{settings.textScale.toFixed(1)}</dd>
                  <dt className="text-muted-foreground">High contrast</dt>
                  <dd data-testid="vr-contrast">{settings.contrastMode ? 'On' : 'Off'}</dd>
                  <dt className="text-muted-foreground">Audio descriptions</dt>
                  <dd data-testid="vr-audio">{settings.audioDescriptions ? 'On' : 'Off'}</dd>
                  <dt className="text-muted-foreground">Colour-blind palette</dt>
                  <dd data-testid="vr-colorblind">{settings.colorBlindSupport ? 'On' : 'Off'}</dd>
                </dl>
              </CardContent>
            </Card>
          ) : null}
        </aside>
      </main>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      </div>
      {setupShown ? (
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/60 p-4" role="dialog" aria-modal="true" aria-labelledby="vr-setup-title">
          <Card className="w-full max-w-md">
            <CardHeader>
              <CardTitle id="vr-setup-title" className="flex items-center gap-2">
                <Headset className="size-5 text-primary" aria-hidden="true" /> VR Headset Setup Required
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ol className="grid list-decimal gap-1.5 pl-5 text-sm">
                <li>Connect your headset and put it on (or stay in the browser: mouse and keyboard work).</li>
                <li>Allow VR access when the browser asks.</li>
                <li>Click the glowing spheres to answer the questions.</li>
              </ol>
              <div className="flex flex-wrap gap-2">
                <Button onClick={startVr} autoFocus>
                  <Rotate3d aria-hidden="true" /> Start VR Experience
                </Button>
                <Button variant="outline" onClick={() => setSetupShown(false)}>
                  Skip VR Mode
                </Button>
              </div>
              <Link to={routes.vrLearning} className={cn(buttonVariants({ variant: 'link' }), 'justify-self-start px-0')}>
                Back to VR Learning
              </Link>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
