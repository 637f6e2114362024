import { RotateCw } from 'lucide-react';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { LtiGradeState, LtiGradeView } from '../api/share-api';
import { useLtiGradesQuery, useResendLtiGrade } from '../hooks/use-share';
import { LoadFailed } from './plan-gate';

const STATES: Record<LtiGradeState, { label: string; variant: BadgeProps['variant'] }> = {
  failed: { label: 'Failed', variant: 'destructive' },
  pending: { label: 'Waiting to send', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  not_sent: { label: 'Not requested by the LMS', variant: 'outline' },
};

/** The delivery worker's technical reason, said in plain words (the raw text stays in the tooltip). */
export function plainGradeError(error: string): string {
  const status = /answered (\d{3})/.exec(error)?.[1];
  const token = /^Token/i.test(error);
  if (/registration or the line item is gone/i.test(error)) return 'The LMS connection or the gradebook column no longer exists.';
  if (/access_token/i.test(error)) return 'The LMS did not give the tool permission to send grades.';
  if (status) {
    const code = Number(status);
    if (code === 401 || code === 403) return token ? `The LMS refused the tool's credentials (${code}).` : `The LMS refused the grade: not allowed (${code}).`;
    if (code === 404) return `The LMS no longer has this gradebook column (${code}).`;
    if (code === 429) return `The LMS asked the tool to slow down (${code}).`;
    if (code >= 500) return `The LMS had a server error (${code}).`;
    return `The LMS rejected the grade (${code}).`;
  }
  if (/timeout|timed out|aborted/i.test(error)) return 'The LMS did not answer in time.';
  if (/ENOTFOUND|ECONNREFUSED|ECONNRESET|fetch failed|network|socket/i.test(error)) return 'The LMS could not be reached.';
  return 'The LMS did not accept the grade.';
}

const percent = (g: LtiGradeView) => (g.scoreMaximum > 0 ? Math.round((g.scoreGiven / g.scoreMaximum) * 100) : 0);

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Failed grades first (they need the teacher), each group newest first as the server lists them. */
export function failedFirst(grades: LtiGradeView[]): LtiGradeView[] {
  return [...grades.filter((g) => g.state === 'failed'), ...grades.filter((g) => g.state !== 'failed')];
}

function GradeRow({ grade, resending, onResend }: { grade: LtiGradeView; resending: boolean; onResend: () => void }) {
  const state = STATES[grade.state] ?? { label: grade.state, variant: 'outline' as const };
  const time = grade.sentAt ?? grade.createdAt;
  return (
    <li className="grid min-w-0 gap-2 py-3 first:pt-0 last:pb-0" data-testid="lti-grade">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{grade.learner}</span>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>
          {grade.scoreGiven} / {grade.scoreMaximum} ({percent(grade)}%)
        </span>
        <time dateTime={time}>
          {grade.sentAt ? 'Sent ' : 'Recorded '}
          {when(time)}
        </time>
      </div>
      {grade.state === 'failed' && grade.lastError ? (
        <p className="text-sm text-destructive [overflow-wrap:anywhere]" title={grade.lastError}>
          {plainGradeError(grade.lastError)}
        </p>
      ) : null}
      {grade.state === 'failed' ? (
        <Button variant="outline" size="sm" className="w-fit" disabled={resending} onClick={onResend}>
          <RotateCw className={resending ? 'animate-spin' : undefined} aria-hidden="true" />
          {resending ? 'Resending...' : 'Resend'}
          <span className="sr-only"> the grade of {grade.learner}</span>
        </Button>
      ) : null}
    </li>
  );
}

/** Grades that learners' LMS launches sent back, with the failed ones to resend (issue 13). */
export function LtiGradesCard({ videoId }: { videoId: number }) {
  const grades = useLtiGradesQuery(videoId);
  const resend = useResendLtiGrade(videoId);

  let body;
  if (grades.isPending) body = <p className="text-sm text-muted-foreground">Loading the LMS grades...</p>;
  else if (grades.isError) body = <LoadFailed what="The LMS grades" error={grades.error} onRetry={() => void grades.refetch()} />;
  else if (grades.data.length === 0) body = <p className="text-sm text-muted-foreground">No grade has been sent from an LMS launch of this lesson yet.</p>;
  else {
    const failed = grades.data.filter((g) => g.state === 'failed').length;
    body = (
      <div className="grid gap-3">
        {failed > 0 ? (
          <p className="text-sm font-medium text-destructive">
            {failed === 1 ? '1 grade did not reach the LMS.' : `${failed} grades did not reach the LMS.`}
          </p>
        ) : null}
        <ul className="divide-y" aria-label="LMS grades">
          {failedFirst(grades.data).map((g) => (
            <GradeRow key={g.id} grade={g} resending={resend.isPending && resend.variables === g.id} onResend={() => resend.mutate(g.id)} />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">LMS grades</CardTitle>
        <CardDescription>Scores sent back to the LMS gradebook from learners' launches.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
