import { useId, useState } from 'react';
import { Download, Loader2, Package } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { ProgressBar } from '../../create/components/progress-bar';
import type { ScormVersion } from '../api/share-api';
import { useScormPackage } from '../hooks/use-share';
import { PlanGate } from './plan-gate';

export const SCORM_VERSIONS: Array<{ value: ScormVersion; label: string }> = [
  { value: '1.2', label: 'SCORM 1.2' },
  { value: '2004', label: 'SCORM 2004' },
];

function formatBytes(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The SCORM version as two radio buttons. */
export function ScormVersionChoice({ value, onChange, disabled }: { value: ScormVersion; onChange: (v: ScormVersion) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">SCORM version</legend>
      <div className="flex flex-wrap gap-2">
        {SCORM_VERSIONS.map((v) => (
          <label
            key={v.value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === v.value && 'border-primary bg-primary/5',
            )}
          >
            <input type="radio" name={name} value={v.value} checked={value === v.value} onChange={() => onChange(v.value)} className="accent-primary" />
            {v.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Builds the SCORM zip on the server, shows its progress (percentage and stage), then downloads it. */
export function ScormPackage({
  videoId,
  version: given,
  onVersionChange,
}: {
  videoId: number;
  /** Controlled by the caller when it shares the choice (the share page's Test); else kept here. */
  version?: ScormVersion;
  onVersionChange?: (version: ScormVersion) => void;
}) {
  const [own, setOwn] = useState<ScormVersion>('1.2');
  const version = given ?? own;
  const setVersion = onVersionChange ?? setOwn;
  const pkg = useScormPackage(videoId);
  const job = pkg.job;
  const size = formatBytes(job?.sizeBytes ?? null);

  return (
    <div className="grid gap-3">
      <ScormVersionChoice value={version} onChange={setVersion} disabled={pkg.running} />
      <Button className="w-fit" onClick={() => pkg.build(version)} disabled={pkg.running}>
        {pkg.running ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Package aria-hidden="true" />}
        Download SCORM package
      </Button>
      {pkg.planError !== null && <PlanGate error={pkg.planError} />}
      {pkg.starting && !job && <p className="text-sm text-muted-foreground">Starting the build...</p>}
      {job && (
        <div className="grid gap-1.5" data-testid="scorm-job">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-muted-foreground" data-testid="scorm-stage">
              {job.state === 'failed' ? 'Failed' : job.stage || (job.state === 'queued' ? 'Queued' : 'Building')}
            </span>
            <span className="shrink-0 font-medium tabular-nums">{Math.round(job.progress)}%</span>
          </div>
          <ProgressBar value={job.progress} label={`SCORM ${job.scormVersion} package`} />
          {job.state === 'completed' && job.downloadUrl && (
            <div className="flex flex-wrap items-center gap-2 pt-1 text-sm">
              <span className="min-w-0 break-all">
                {job.filename}
                {size && <span className="text-muted-foreground"> · {size}</span>}
              </span>
              <Button variant="outline" size="sm" onClick={pkg.downloadAgain} disabled={pkg.downloading}>
                <Download aria-hidden="true" />
                Download again
              </Button>
            </div>
          )}
          {job.state === 'failed' && <p className="text-sm text-destructive">{job.error ?? 'An error occurred during export'}</p>}
        </div>
      )}
    </div>
  );
}
