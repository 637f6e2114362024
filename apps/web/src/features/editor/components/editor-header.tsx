import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, BarChart3, Eye, Loader2, Save, Share2 } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Separator } from '../../../components/ui/separator';
import { routes } from '../../../app/routes';
import { LessonTitleField } from './lesson-title-field';

export interface EditorHeaderProps {
  videoId: number;
  title: string | null;
  questionCount: number | null;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  /** Asks before leaving with unsaved changes; a cancelled click stays on the page. */
  onLeave: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Back to the dashboard, the video title, Preview, Results (the lesson's results), Share (the share page), and Save Changes while something is unsaved (spec section 2). */
export function EditorHeader({ videoId, title, questionCount, dirty, saving, onSave, onLeave }: EditorHeaderProps) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Link to={routes.userDashboard} onClick={onLeave} className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'shrink-0 px-2' })}>
            <ArrowLeft aria-hidden="true" />
            <span className="hidden sm:inline">Dashboard</span>
            <span className="sr-only sm:hidden">Back to dashboard</span>
          </Link>
          <Separator orientation="vertical" className="h-8" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Question editor</p>
            <LessonTitleField videoId={videoId} title={title} />
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {questionCount !== null && (
            <span className="hidden text-sm text-muted-foreground md:inline">
              {questionCount} {questionCount === 1 ? 'question' : 'questions'}
            </span>
          )}
          <Link to={routes.player(videoId)} onClick={onLeave} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Eye aria-hidden="true" />
            Preview
          </Link>
          <Link to={routes.lessonResults(videoId)} onClick={onLeave} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <BarChart3 aria-hidden="true" />
            <span className="max-sm:sr-only">Results</span>
          </Link>
          <Link to={routes.video(videoId)} onClick={onLeave} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Share2 aria-hidden="true" />
            Share
          </Link>
          {dirty && (
            <Button size="sm" onClick={onSave} disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              Save Changes
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
