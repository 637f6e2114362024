import { useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { PlayerCore } from '../features/player/components/player-core';
import { type ScormLesson, toPlaybackView } from './lesson';
import type { LocalAttemptBackend } from './local-attempt-backend';

function questionCount(n: number): string {
  return `${n} ${n === 1 ? 'question' : 'questions'}`;
}

export const NO_LMS_NOTICE = 'Progress is not being saved: this lesson is not running inside an LMS.';

interface ScormAppProps {
  lesson: ScormLesson;
  backend: LocalAttemptBackend;
  /** An LMS API was found and accepted the session. */
  connected: boolean;
}

/** The SCORM package's launch page: the lesson's title, the LMS notice, and the one player over the local backend. */
export function ScormApp({ lesson, backend, connected }: ScormAppProps) {
  const queryClient = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { retry: 0, refetchOnWindowFocus: false, refetchOnReconnect: false } } }),
    [],
  );
  const playback = useMemo(() => toPlaybackView(lesson), [lesson]);
  const [title] = useState(() => lesson.video.title || 'Interactive lesson');

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-muted/30">
        <header className="border-b bg-background">
          <div className="mx-auto grid max-w-5xl gap-0.5 px-4 py-3 sm:px-6">
            <h1 className="truncate text-lg font-semibold" data-testid="lesson-title">
              {title}
            </h1>
            <p className="text-xs text-muted-foreground">{questionCount(lesson.questions.length)}</p>
          </div>
        </header>
        <main className="mx-auto grid max-w-5xl gap-4 px-4 py-6 sm:px-6">
          {!connected && (
            <p role="status" data-testid="no-lms-notice" className="flex items-start gap-2 rounded-xl border border-amber-400/60 bg-amber-50 px-4 py-3 text-sm">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
              {NO_LMS_NOTICE}
            </p>
          )}
          <PlayerCore
            playback={playback}
            backend={backend}
            canRestart={!connected}
            resultsExit={
              connected ? (
                <p className="self-center text-center text-sm text-muted-foreground" data-testid="lms-saved">
                  Your results have been sent to your LMS. You can close this lesson.
                </p>
              ) : null
            }
          />
        </main>
      </div>
    </QueryClientProvider>
  );
}

/** Shown when lesson.js is missing or damaged. */
export function LessonUnavailable({ reason }: { reason: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <div role="alert" className="grid max-w-md gap-2 rounded-xl border bg-card p-6 text-center shadow-sm">
        <h1 className="text-xl font-bold">This lesson cannot be played</h1>
        <p className="text-sm text-muted-foreground">{reason}</p>
      </div>
    </main>
  );
}
