import { Loader2, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import type { GenerationJobView } from '../api/create-api';
import { ProgressBar } from './progress-bar';

/**
 * 'Generating Video' with the job's real percentage and stage. Continue (or Escape) closes it while the
 * job goes on; the wizard keeps following it.
 */
export function GeneratingOverlay({ job, open, onContinue }: { job: GenerationJobView | null; open: boolean; onContinue: () => void }) {
  const percent = Math.round(job?.percent ?? 0);
  return (
    <Dialog open={open && job !== null} onOpenChange={(next) => !next && onContinue()}>
      <DialogContent className="max-w-md" data-testid="generating-overlay">
        <DialogHeader className="items-center text-center sm:text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
            <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
          </span>
          <DialogTitle>Generating Video</DialogTitle>
          <DialogDescription>Creating your interactive learning experience...</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-muted-foreground" aria-live="polite" data-testid="generation-stage">
              {job?.stage ?? 'Starting'}
            </span>
            <span className="font-semibold tabular-nums" data-testid="generation-percent">
              {percent}%
            </span>
          </div>
          <ProgressBar value={percent} label="Generation progress" />
          {job?.state === 'retrying' && (
            <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-xs text-amber-900">
              <RotateCw className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              <span>
                Trying again (attempt {Math.min(job.attempts + 1, job.maxAttempts)} of {job.maxAttempts})
                {job.error ? `: ${job.error}` : ''}
              </span>
            </p>
          )}
        </div>
        <DialogFooter className="sm:justify-between">
          <p className="text-xs text-muted-foreground sm:self-center">You will be taken to the question editor when it is done.</p>
          <Button onClick={onContinue}>Continue</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
