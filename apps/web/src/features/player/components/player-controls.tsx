import type { KeyboardEvent } from 'react';
import { Captions, CaptionsOff, Pause, Play, RotateCcw } from 'lucide-react';
import { type AnswerStatus, formatClock } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { PlaybackQuestion } from '../api/player-api';
import type { StatusMap } from '../model/timeline';

/** Arrow keys move this many seconds, Page Up/Down a tenth of the video. */
const ARROW_STEP_S = 5;

const MARKER_COLOURS: Record<AnswerStatus | 'open', string> = {
  correct: 'bg-success',
  incorrect: 'bg-destructive',
  skipped: 'bg-muted-foreground',
  open: 'bg-amber-400',
};

interface TimelineProps {
  time: number;
  length: number;
  /** The known duration (null: the length is an estimate). */
  duration: number | null;
  questions: PlaybackQuestion[];
  statuses: StatusMap;
  disabled: boolean;
  onSeek(seconds: number): void;
}

/** The progress bar: a native range (keyboard and screen readers for free) with a marker per question. */
export function Timeline({ time, length, duration, questions, statuses, disabled, onSeek, className }: TimelineProps & { className?: string }) {
  const position = Math.min(time, length);
  const total = duration === null ? '--:--' : formatClock(duration);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const steps: Record<string, number> = {
      ArrowLeft: -ARROW_STEP_S,
      ArrowDown: -ARROW_STEP_S,
      ArrowRight: ARROW_STEP_S,
      ArrowUp: ARROW_STEP_S,
      PageDown: -length / 10,
      PageUp: length / 10,
    };
    let target: number | null = null;
    if (event.key in steps) target = time + steps[event.key];
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = length;
    if (target === null) return;
    event.preventDefault();
    onSeek(Math.max(0, Math.min(length, target)));
  }

  return (
    <div className={cn('relative flex h-6 items-center', className)}>
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${formatClock(position)} of ${total}`}
        min={0}
        max={length}
        step={0.1}
        value={position}
        disabled={disabled}
        onKeyDown={onKeyDown}
        onChange={(e) => onSeek(Number(e.target.value))}
        className="h-2 w-full cursor-pointer accent-primary disabled:cursor-not-allowed"
      />
      <div className="pointer-events-none absolute inset-x-[7px] top-0 h-full" aria-hidden="true">
        {questions.map((q) => {
          const status = statuses.get(q.id) ?? 'open';
          return (
            <span
              key={q.id}
              data-testid="question-marker"
              title={`Question at ${formatClock(q.timestamp)}`}
              className={cn('absolute top-0 h-2 w-1 -translate-x-1/2 rounded-sm ring-1 ring-background', MARKER_COLOURS[status])}
              style={{ left: `${Math.min(100, (q.timestamp / length) * 100)}%` }}
            />
          );
        })}
      </div>
    </div>
  );
}

interface PlayerControlsProps extends TimelineProps {
  playing: boolean;
  canCaption: boolean;
  captionsOn: boolean;
  completed: number;
  onPlay(): void;
  onPause(): void;
  onToggleCaptions(): void;
  /** Without it there is no Start Over (a SCORM package in an LMS: a new attempt is the LMS's to start). */
  onStartOver?: () => void;
  startingOver: boolean;
}

/** Play/pause, the timeline, m:ss / m:ss, captions, Start Over and the questions counter. */
export function PlayerControls(props: PlayerControlsProps) {
  const { playing, disabled, time, duration, length, canCaption, captionsOn, completed, questions } = props;
  const total = duration === null ? '--:--' : formatClock(duration);
  return (
    <div className="grid gap-2 rounded-xl border bg-card px-3 py-2.5 shadow-sm sm:px-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          size="icon"
          aria-label={playing ? 'Pause' : 'Play'}
          disabled={disabled}
          onClick={playing ? props.onPause : props.onPlay}
          className="shrink-0 rounded-full"
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <span className="shrink-0 font-mono text-xs tabular-nums text-muted-foreground sm:text-sm" data-testid="time-display">
          {formatClock(Math.min(time, length))} / {total}
        </span>
        {/* On a phone the timeline gets a row of its own. */}
        <Timeline {...props} className="order-first basis-full sm:order-none sm:basis-0 sm:flex-1" />
        {canCaption && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Captions"
            aria-pressed={captionsOn}
            title={captionsOn ? 'Hide captions' : 'Show captions'}
            onClick={props.onToggleCaptions}
            className={cn('ml-auto shrink-0 sm:ml-0', captionsOn && 'bg-accent text-accent-foreground')}
          >
            {captionsOn ? <Captions aria-hidden="true" /> : <CaptionsOff aria-hidden="true" />}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground" data-testid="questions-completed">
          <span className="font-medium text-foreground">
            {completed} of {questions.length}
          </span>{' '}
          questions completed
        </p>
        {props.onStartOver && (
          <Button variant="outline" size="sm" onClick={props.onStartOver} disabled={props.startingOver}>
            <RotateCcw aria-hidden="true" />
            Start Over
          </Button>
        )}
      </div>
    </div>
  );
}
