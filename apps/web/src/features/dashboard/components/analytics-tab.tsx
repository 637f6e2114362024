import { Activity, CircleCheck, Clock, FileQuestionMark as FileQuestion, Plus as VideoAdded, Target, Video } from 'lucide-react';
import { QUESTION_TYPES, type QuestionType } from '@veolearn/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { AuthUser } from '../../auth/api/auth-api';
import type { UserAnalytics } from '../../library/api/library-api';
import { formatDate } from '../../library/format';
import { ErrorCard, ListSkeleton } from '../../library/components/library-states';

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True / false',
  scenario: 'Scenario',
  matching: 'Matching',
  ordering: 'Ordering',
  sorting_groups: 'Sorting into groups',
  fill_gaps: 'Fill the gaps',
  drag_drop: 'Drag and drop',
  priority_ranking: 'Priority ranking',
};

function Stat({ title, value, detail, icon: Icon }: { title: string; value: string; detail: string; icon: typeof Video }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0 p-4 pb-2">
        <CardTitle className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="p-4 pt-0">
        <p className="text-xl font-bold sm:text-2xl">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

function Bars({ rows, empty }: { rows: Array<{ label: string; value: number }>; empty: string }) {
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return (
    <div className="grid gap-2.5">
      {total === 0 && <p className="text-sm text-muted-foreground">{empty}</p>}
      {rows.map((row) => {
        const pct = total === 0 ? 0 : Math.round((row.value / total) * 100);
        return (
          <div key={row.label} className="grid grid-cols-[8.5rem_1fr_2.5rem] items-center gap-2 text-sm sm:grid-cols-[10rem_1fr_3rem]">
            <span className="truncate">{row.label}</span>
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="meter"
              aria-label={row.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${pct}%` }} />
            </div>
            <span className="text-right tabular-nums text-muted-foreground">{row.value}</span>
          </div>
        );
      })}
    </div>
  );
}

export function AnalyticsTab({
  user,
  analytics,
  error,
  loading,
  onRetry,
}: {
  user: AuthUser;
  analytics: UserAnalytics | null | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
}) {
  if (loading) return <ListSkeleton label="Loading analytics..." />;
  if (error || !analytics) return <ErrorCard title="Analytics could not be loaded" error={error} onRetry={onRetry} />;

  const a = analytics;
  // One decimal, as the server gives it (a single half-right answer is 50%, never 0%).
  const accuracy = a.accuracy === null ? '—' : `${a.accuracy}%`;
  const partly = a.partlyCorrectAnswers ?? 0;
  const performanceDetail =
    a.accuracy === null
      ? 'No answers yet'
      : `${a.correctAnswers} of ${a.totalInteractions} answers correct${partly > 0 ? `, ${partly} partly correct` : ''}`;
  // Under 0.1 h a figure of 0 would hide real watching.
  const hours = a.learningHours === 0 && a.totalWatchTimeSeconds > 0 ? '< 0.1' : String(a.learningHours);
  const emptyAccount = a.totalVideos === 0;

  return (
    <div className="grid gap-4">
      {emptyAccount && (
        <Card className="border-dashed">
          <CardContent className="p-4 text-sm text-muted-foreground">
            No videos yet. Figures appear here once you add a video and learners start answering its questions.
          </CardContent>
        </Card>
      )}
      <section aria-label="Analytics figures" className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">
        <Stat title="Total Videos" value={String(a.totalVideos)} detail="In your library" icon={Video} />
        <Stat title="Questions Created" value={String(a.totalQuestions)} detail="Across all videos" icon={FileQuestion} />
        <Stat title="Learning Hours" value={hours} detail={`${a.watchTimeText ?? `${a.totalWatchTime} min`} watched`} icon={Clock} />
        <Stat title="Performance %" value={accuracy} detail={performanceDetail} icon={Target} />
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Question types</CardTitle>
            <CardDescription>How your {a.totalQuestions} questions are distributed.</CardDescription>
          </CardHeader>
          <CardContent>
            <Bars
              empty="No questions yet."
              rows={QUESTION_TYPES.map((t) => ({ label: QUESTION_TYPE_LABELS[t], value: a.questionTypes?.[t] ?? 0 }))}
            />
          </CardContent>
        </Card>
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Video Sources</CardTitle>
            </CardHeader>
            <CardContent>
              <Bars
                empty="No videos yet."
                rows={[
                  { label: 'YouTube', value: a.videoSources.youtube },
                  { label: 'YouTube VR', value: a.videoSources.youtubeVR },
                  { label: 'Upload', value: a.videoSources.upload },
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Account Overview</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-muted-foreground">Account age</dt>
                  <dd className="font-medium">
                    {a.accountAgeDays} {a.accountAgeDays === 1 ? 'day' : 'days'}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Last login</dt>
                  <dd className="font-medium">{formatDate(a.lastLoginAt ?? user.lastLoginAt, true)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Learner attempts</dt>
                  <dd className="font-medium">{a.learnerAttempts}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Completed</dt>
                  <dd className="font-medium">{a.completedAttempts}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Activity className="size-4" aria-hidden="true" />
            Recent Activity
          </CardTitle>
        </CardHeader>
        <CardContent>
          {a.recentActivity.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing yet. New videos and completed attempts show up here.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Recent activity">
              {a.recentActivity.map((item) => (
                <li
                  key={`${item.kind}-${item.videoId}-${item.at}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm sm:flex-nowrap"
                >
                  {item.kind === 'video_created' ? (
                    <VideoAdded className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  ) : (
                    <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1 truncate">
                    {item.kind === 'video_created' ? 'Video created: ' : 'Attempt completed: '}
                    <span className="font-medium">{item.title}</span>
                  </span>
                  <span className="w-full shrink-0 pl-7 text-xs text-muted-foreground sm:w-auto sm:pl-0">{formatDate(item.at, true)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
