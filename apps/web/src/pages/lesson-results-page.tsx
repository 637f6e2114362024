import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Download, Loader2, Pencil, Share2 } from 'lucide-react';
import { OwnerPageHeader } from '../components/layout/owner-page-header';
import { parseVideoId } from '../lib/route-ids';
import { PageLoader } from '../components/layout/page-loader';
import { Button, buttonVariants } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { routes } from '../app/routes';
import { useRequiredSession } from '../features/auth/hooks/use-session';
import { ErrorCard } from '../features/library/components/library-states';
import { VideoNotFound } from '../features/library/components/video-not-found';
import type { LessonResultsView } from '../features/results/api/results-api';
import { AttemptsTable } from '../features/results/components/attempts-table';
import { QuestionStats } from '../features/results/components/question-stats';
import { ResultsEmpty } from '../features/results/components/results-empty';
import { ScoreChart } from '../features/results/components/score-chart';
import { isResultsNotFound, useDownloadResultsCsv, useLessonResultsQuery } from '../features/results/hooks/use-results';
import { scoreText, timeSpent } from '../features/results/results-format';

const LOADING = 'Loading results...';

function Stat({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </span>
        {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
      </CardContent>
    </Card>
  );
}

function Results({ id, data, page, onPage, fetching }: { id: number; data: LessonResultsView; page: number; onPage: (p: number) => void; fetching: boolean }) {
  const download = useDownloadResultsCsv(id);
  const { summary, video } = data;
  const empty = summary.attempts === 0;
  const numbers = useMemo(() => new Map(data.questions.map((q) => [q.interactionId, q.number])), [data.questions]);
  return (
    <div className="min-h-screen bg-muted/30">
      <OwnerPageHeader />
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-bold tracking-tight">Lesson results</h1>
            <p className="text-muted-foreground [overflow-wrap:anywhere]" data-testid="results-title">
              {video.title}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={routes.editQuestions(id)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Pencil aria-hidden="true" />
              Edit questions
            </Link>
            <Link to={routes.video(id)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Share2 aria-hidden="true" />
              Share
            </Link>
            <Button size="sm" onClick={() => download.mutate()} disabled={download.isPending || empty}>
              {download.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
              Download CSV
            </Button>
          </div>
        </div>

        {empty ? (
          <Card>
            <CardContent className="p-6">
              <ResultsEmpty videoId={id} published={video.published} origin={window.location.origin} />
            </CardContent>
          </Card>
        ) : (
          <>
            <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Stat label="Attempts" value={String(summary.attempts)} detail={`${summary.learners} ${summary.learners === 1 ? 'learner' : 'learners'}`} testId="stat-attempts" />
              <Stat label="Completed" value={String(summary.completed)} detail={`${summary.inProgress} in progress`} testId="stat-completed" />
              <Stat label="Average score" value={scoreText(summary.averageScore)} detail="of completed attempts" testId="stat-average" />
              <Stat label="Average time" value={timeSpent(summary.averageTimeSpentSeconds)} detail="of video played" testId="stat-time" />
            </section>
            <Card>
              <CardHeader className="pb-4">
                <h2 className="text-base font-semibold leading-none tracking-tight">Attempts</h2>
                <CardDescription>Newest first. Learners who gave no name show as Anonymous with a short tag; open Answers to see what they answered.</CardDescription>
              </CardHeader>
              <CardContent>
                <AttemptsTable
                  attempts={data.attempts.items}
                  numbers={numbers}
                  page={page}
                  pageSize={data.attempts.pageSize}
                  total={data.attempts.total}
                  onPage={onPage}
                  loading={fetching}
                />
              </CardContent>
            </Card>
            <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
              <Card>
                <CardHeader className="pb-4">
                  <h2 className="text-base font-semibold leading-none tracking-tight">Scores</h2>
                  <CardDescription>How the completed attempts scored.</CardDescription>
                </CardHeader>
                <CardContent>
                  <ScoreChart bins={data.scoreDistribution} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader className="pb-4">
                  <h2 className="text-base font-semibold leading-none tracking-tight">Questions</h2>
                  <CardDescription>First tries count: a second try after Review Chapter does not change the score.</CardDescription>
                </CardHeader>
                <CardContent>
                  <QuestionStats questions={data.questions} />
                </CardContent>
              </Card>
            </div>
          </>
        )}
      </main>
    </div>
  );
}

function OwnerResults({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const results = useLessonResultsQuery(id, page);
  if (results.isError && isResultsNotFound(results.error)) return <VideoNotFound />;
  if (results.isPending) return <PageLoader label={LOADING} />;
  if (results.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <ErrorCard title="The results could not be loaded" error={results.error} onRetry={() => void results.refetch()} />
      </main>
    );
  }
  return <Results id={id} data={results.data} page={page} onPage={setPage} fetching={results.isFetching} />;
}

/** /lesson-results/{id}: what each learner answered, for the lesson's owner. Signed-out visitors go to sign-in. */
export default function LessonResultsPage() {
  const { id: raw } = useParams<{ id: string }>();
  const id = parseVideoId(raw);
  const { user, loading } = useRequiredSession();
  if (loading || !user) return <PageLoader label={LOADING} />;
  if (id === null) return <VideoNotFound />;
  return <OwnerResults key={id} id={id} />;
}
