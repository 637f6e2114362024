import { Download, FlaskConical } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';
import { CopyField } from '../../create/components/copy-field';
import { useCopy } from '../../create/hooks/use-copy';
import { isPlanRequired, ltiConfigName, ltiConfigPath, type LtiVersion } from '../api/share-api';
import { useDownload, useLtiConfigQuery } from '../hooks/use-share';
import { LoadFailed, PlanGate } from './plan-gate';

const CONFIGS: Array<{ version: LtiVersion; label: string }> = [
  { version: '1.3', label: 'LTI 1.3 configuration (JSON)' },
  { version: '1.1', label: 'LTI 1.1 configuration (XML)' },
];

function LtiConfig({ videoId, version, label }: { videoId: number; version: LtiVersion; label: string }) {
  const config = useLtiConfigQuery(videoId, version);
  const download = useDownload();
  const { copied, copy } = useCopy();
  const filename = ltiConfigName(videoId, version);

  if (config.isPending) return <p className="text-sm text-muted-foreground">Loading the {label}...</p>;
  if (config.isError) {
    // One plan message for the card is enough: the 1.1 config says nothing more than the 1.3 one.
    if (isPlanRequired(config.error)) return version === '1.3' ? <PlanGate error={config.error} /> : null;
    return <LoadFailed what={`The ${label}`} error={config.error} onRetry={() => void config.refetch()} />;
  }
  return (
    <div className="grid gap-2">
      <CopyField id={`lti-${version.replace('.', '')}`} label={label} value={config.data} multiline copied={copied === version} onCopy={() => void copy(version, config.data)} />
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={download.isPending}
        onClick={() => download.mutate({ path: ltiConfigPath(videoId, version), filename })}
      >
        <Download aria-hidden="true" />
        Download {filename}
      </Button>
    </div>
  );
}

/** LTI configurations for Moodle, Canvas, Blackboard, Brightspace and others, and the launch test. */
export function LmsCard({ videoId }: { videoId: number }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0 pb-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2" className="text-base">LMS Integration</CardTitle>
          <CardDescription>Add the lesson to a course as an external tool (LTI).</CardDescription>
        </div>
        <a
          href={`${routes.ltiLaunch}?video=${videoId}`}
          target="_blank"
          rel="noreferrer"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <FlaskConical aria-hidden="true" />
          Test
          <span className="sr-only">the LTI launch (opens in a new tab)</span>
        </a>
      </CardHeader>
      <CardContent className="grid gap-5">
        {CONFIGS.map((c) => (
          <LtiConfig key={c.version} videoId={videoId} version={c.version} label={c.label} />
        ))}
      </CardContent>
    </Card>
  );
}
