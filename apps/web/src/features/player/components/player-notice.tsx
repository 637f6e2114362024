import { CircleCheck, Info, TriangleAlert, X, XCircle } from 'lucide-react';
import { cn } from '../../../lib/utils';
import type { Notice, NoticeTone } from '../hooks/use-player-engine';

const TONES: Record<NoticeTone, { box: string; icon: typeof Info; iconClass: string }> = {
  success: { box: 'border-success/40 bg-success/10', icon: CircleCheck, iconClass: 'text-success' },
  info: { box: 'border-border bg-card', icon: Info, iconClass: 'text-primary' },
  warning: { box: 'border-amber-400/60 bg-amber-50', icon: TriangleAlert, iconClass: 'text-amber-600' },
  error: { box: 'border-destructive/40 bg-destructive/5', icon: XCircle, iconClass: 'text-destructive' },
};

/** Feedback under the video: a right answer's feedback, a refused seek, a resumed attempt. */
export function PlayerNotice({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const tone = TONES[notice.tone];
  const Icon = tone.icon;
  return (
    <div role="status" data-testid="player-notice" className={cn('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-sm', tone.box)}>
      <Icon className={cn('mt-0.5 size-5 shrink-0', tone.iconClass)} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-semibold">{notice.title}</p>
        {notice.text && <p>{notice.text}</p>}
        {notice.detail && <p className="text-muted-foreground">{notice.detail}</p>}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
