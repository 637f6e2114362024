import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { routes } from '../../../app/routes';
import { CopyField } from '../../create/components/copy-field';
import { useCopy } from '../../create/hooks/use-copy';
import { isPlanRequired, type LmsConfiguration, type LmsType } from '../api/share-api';
import { useExportQuery } from '../hooks/use-share';
import { EMBED_HEIGHT, EMBED_WIDTH } from './embed-codes-card';
import { LoadFailed, PlanGate } from './plan-gate';
import { ScormPackage } from './scorm-package';

export const EXPORT_TABS = [
  { value: 'scorm', label: 'SCORM' },
  { value: 'share', label: 'Share URL' },
  { value: 'embed', label: 'Embed Code' },
  { value: 'lti', label: 'LTI/LMS' },
] as const;

export const LMS_TYPES: Array<{ value: LmsType; label: string }> = [
  { value: 'moodle', label: 'Moodle' },
  { value: 'canvas', label: 'Canvas' },
  { value: 'blackboard', label: 'Blackboard' },
  { value: 'brightspace', label: 'Brightspace (D2L)' },
];

function Failure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return isPlanRequired(error) ? <PlanGate error={error} /> : <LoadFailed what={what} error={error} onRetry={onRetry} />;
}

function Pending({ what }: { what: string }) {
  return <p className="text-sm text-muted-foreground">Preparing the {what}...</p>;
}

function ScormTab({ videoId }: { videoId: number }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        A zip to upload into any SCORM 1.2 or 2004 LMS: the player and the questions inside, reporting score and completion. The manifests, the
        LMS configurations and a package test are on the share page{' '}
        <Link to={routes.video(videoId)} className="font-medium text-primary underline-offset-4 hover:underline">
          /video/{videoId}
        </Link>
        .
      </p>
      <ScormPackage videoId={videoId} />
    </div>
  );
}

function ShareTab({ videoId }: { videoId: number }) {
  const { copied, copy } = useCopy();
  const links = useExportQuery(videoId, { format: 'url' });
  if (links.isPending) return <Pending what="share links" />;
  if (links.isError) return <Failure what="The share links" error={links.error} onRetry={() => void links.refetch()} />;
  const data = links.data.data;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">Anyone with the link can play the lesson, without an account.</p>
      <CopyField id="export-share-url" label="Share URL" value={data.url} copied={copied === 'url'} onCopy={() => void copy('url', data.url)} />
      <CopyField id="export-player-url" label="Player URL" value={data.playerUrl} copied={copied === 'player'} onCopy={() => void copy('player', data.playerUrl)} />
      <a href={routes.simplePlayer(videoId)} target="_blank" rel="noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}>
        <ExternalLink aria-hidden="true" />
        Open the player
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

interface EmbedOptions {
  embedWidth: number;
  embedHeight: number;
  autoplay: boolean;
  showControls: boolean;
}

const DEFAULT_EMBED: EmbedOptions = { embedWidth: EMBED_WIDTH, embedHeight: EMBED_HEIGHT, autoplay: false, showControls: true };

function clampSize(value: string, fallback: number): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && n >= 200 && n <= 4000 ? n : fallback;
}

function EmbedTab({ videoId }: { videoId: number }) {
  const { copied, copy } = useCopy();
  const [applied, setApplied] = useState<EmbedOptions>(DEFAULT_EMBED);
  const [width, setWidth] = useState(String(DEFAULT_EMBED.embedWidth));
  const [height, setHeight] = useState(String(DEFAULT_EMBED.embedHeight));
  const [autoplay, setAutoplay] = useState(DEFAULT_EMBED.autoplay);
  const [showControls, setShowControls] = useState(DEFAULT_EMBED.showControls);
  const embed = useExportQuery(videoId, { format: 'embed', ...applied });

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = { embedWidth: clampSize(width, applied.embedWidth), embedHeight: clampSize(height, applied.embedHeight), autoplay, showControls };
    setWidth(String(next.embedWidth));
    setHeight(String(next.embedHeight));
    setApplied(next);
  }

  const code = embed.data?.type === 'embed' ? embed.data.data.iframeCode : null;
  return (
    <div className="grid gap-4">
      <form onSubmit={apply} className="grid gap-3 rounded-lg border p-3">
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="embed-width">Width (px)</Label>
            <Input id="embed-width" type="number" inputMode="numeric" min={200} max={4000} value={width} onChange={(e) => setWidth(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="embed-height">Height (px)</Label>
            <Input id="embed-height" type="number" inputMode="numeric" min={200} max={4000} value={height} onChange={(e) => setHeight(e.target.value)} />
          </div>
        </div>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <Checkbox checked={autoplay} onCheckedChange={(v) => setAutoplay(v === true)} aria-label="Autoplay" />
            Autoplay
          </label>
          <label className="flex items-center gap-2">
            <Checkbox checked={showControls} onCheckedChange={(v) => setShowControls(v === true)} aria-label="Show controls" />
            Show controls
          </label>
        </div>
        <Button type="submit" variant="outline" size="sm" className="w-fit" disabled={embed.isFetching}>
          <RefreshCw className={embed.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Update embed code
        </Button>
      </form>
      {embed.isPending && <Pending what="embed code" />}
      {embed.isError && <Failure what="The embed code" error={embed.error} onRetry={() => void embed.refetch()} />}
      {code !== null && (
        <CopyField id="export-embed-code" label="Embed code" value={code} multiline copied={copied === 'embed'} onCopy={() => void copy('embed', code)} />
      )}
    </div>
  );
}

function configKey(c: LmsConfiguration): string | undefined {
  return c.consumer_key ?? c.key ?? c.provider_key;
}

function configSecret(c: LmsConfiguration): string | undefined {
  return c.shared_secret ?? c.secret ?? c.provider_secret;
}

/** The configuration as plain text, for pasting into a note or an LMS admin's ticket. */
export function configurationText(c: LmsConfiguration): string {
  const lines = [`${c.name}`];
  const url = c.launch_url ?? c.tool_url;
  if (url) lines.push(`Launch URL: ${url}`);
  const key = configKey(c);
  if (key) lines.push(`Key: ${key}`);
  const secret = configSecret(c);
  if (secret) lines.push(`Secret: ${secret}`);
  const params = Object.entries(c.custom_parameters ?? {});
  if (params.length > 0) lines.push(`Custom parameters: ${params.map(([k, v]) => `${k}=${v}`).join('; ')}`);
  if (c.instructions.length > 0) lines.push('Steps:', ...c.instructions.map((step, i) => `${i + 1}. ${step}`));
  return lines.join('\n');
}

function LtiTab({ videoId }: { videoId: number }) {
  const { copied, copy } = useCopy();
  const [lmsType, setLmsType] = useState<LmsType>('moodle');
  const lti = useExportQuery(videoId, { format: 'lti', lmsType });
  const configs = lti.data?.type === 'lti' ? lti.data.data.configurations : [];
  const config = configs.find((c) => c.lms === lmsType) ?? configs[0];

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="lms-type">Learning management system</Label>
        <Select value={lmsType} onValueChange={(v) => setLmsType(v as LmsType)}>
          <SelectTrigger id="lms-type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {LMS_TYPES.map((t) => (
              <SelectItem key={t.value} value={t.value}>
                {t.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {lti.isPending && <Pending what="LMS configuration" />}
      {lti.isError && <Failure what="The LMS configuration" error={lti.error} onRetry={() => void lti.refetch()} />}
      {config && (
        <div className="grid gap-3" data-testid="lms-configuration">
          {(config.launch_url ?? config.tool_url) && (
            <CopyField
              id="lti-launch-url"
              label={config.launch_url ? 'Launch URL' : 'Tool URL'}
              value={config.launch_url ?? config.tool_url ?? ''}
              copied={copied === 'url'}
              onCopy={() => void copy('url', config.launch_url ?? config.tool_url ?? '')}
            />
          )}
          {configKey(config) && (
            <CopyField id="lti-key" label="Consumer key" value={configKey(config) ?? ''} copied={copied === 'key'} onCopy={() => void copy('key', configKey(config) ?? '')} />
          )}
          {configSecret(config) && (
            <CopyField
              id="lti-secret"
              label="Shared secret"
              value={configSecret(config) ?? ''}
              copied={copied === 'secret'}
              onCopy={() => void copy('secret', configSecret(config) ?? '')}
            />
          )}
          {config.instructions.length > 0 && (
            <div className="grid gap-1.5">
              <p className="text-sm font-medium">Set it up in {config.name}</p>
              <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
                {config.instructions.map((step, i) => (
                  <li key={i}>{step}</li>
                ))}
              </ol>
            </div>
          )}
          <Button variant="outline" size="sm" className="w-fit" onClick={() => void copy('all', configurationText(config))}>
            {copied === 'all' ? 'Copied!' : 'Copy configuration'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The dashboard's export choices for one video, each live; plan refusals are the server's. */
export function ExportTabs({ videoId }: { videoId: number }) {
  return (
    <Tabs defaultValue="scorm">
      <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4">
        {EXPORT_TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="scorm" className="mt-3">
        <ScormTab videoId={videoId} />
      </TabsContent>
      <TabsContent value="share" className="mt-3">
        <ShareTab videoId={videoId} />
      </TabsContent>
      <TabsContent value="embed" className="mt-3">
        <EmbedTab videoId={videoId} />
      </TabsContent>
      <TabsContent value="lti" className="mt-3">
        <LtiTab videoId={videoId} />
      </TabsContent>
    </Tabs>
  );
}
