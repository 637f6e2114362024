import { Link } from 'react-router-dom';
import { AlertTriangle, Check, CheckCircle2, ClipboardCopy, FlaskConical, Loader2, Pencil, PlusCircle, Share2 } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';
import { SharingControl } from '../../library/components/sharing-control';
import { SHARING_RULE } from '../../plans/plan-wording';
import { isPlanRequired } from '../../share/api/share-api';
import { useLtiConfigQuery } from '../../share/hooks/use-share';
import { formatDate, formatDuration } from '../../library/format';
import type { CreatedVideo } from '../api/create-api';
import { useCopy } from '../hooks/use-copy';
import { embedCode, playerUrl } from '../wizard-rules';
import { CopyField } from './copy-field';

const TYPE_LABEL: Record<CreatedVideo['type'], string> = { youtube: 'YouTube', youtube_vr: 'YouTube VR', upload: 'Upload' };
const STATUS_LABEL: Record<CreatedVideo['status'], string> = { draft: 'Draft', processing: 'Processing', ready: 'Ready', failed: 'Failed' };

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-start justify-between gap-3 border-b py-2 text-sm last:border-b-0">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium">{value}</dd>
    </div>
  );
}

/** Whether learners can use the video yet: ready with questions, still being written, or without questions. */
function ReadinessNotice({ video }: { video: CreatedVideo }) {
  if (video.status === 'processing') {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl border bg-background p-4">
        <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-primary" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-semibold">The questions are still being written</p>
          <p className="text-sm text-muted-foreground">The links already work; the questions appear as soon as they are saved.</p>
        </div>
      </div>
    );
  }
  if (video.questionCount === 0) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-semibold">This video has no questions yet</p>
          <p className="text-sm">Generate them again with a longer transcript, or add them in the question editor.</p>
        </div>
      </div>
    );
  }
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-success/30 bg-success/10 p-4">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <div className="grid gap-0.5">
        <p className="font-semibold">Your interactive video is ready</p>
        <p className="text-sm text-muted-foreground">
          {video.questionCount} {video.questionCount === 1 ? 'question was' : 'questions were'} added to “{video.title}”. Share the link with learners
          or embed the player in your site.
        </p>
      </div>
    </div>
  );
}

/** What the SCORM Info button copies: where the package is and what to do with it. */
export function scormInfo(origin: string, video: { id: number; title: string }): string {
  return [
    `SCORM package for “${video.title}”`,
    `Download the SCORM 1.2 or SCORM 2004 package (and the manifests) on the share page: ${origin}${routes.video(video.id)}`,
    'Upload the zip to your LMS as a SCORM activity; it reports score, completion and each answer to the LMS.',
  ].join('\n');
}

/** Copies the LTI 1.3 configuration, read from the server (a plan without LMS gets the server's reason). */
function LtiExportButton({ videoId, copied, onCopy }: { videoId: number; copied: boolean; onCopy: (text: string) => void }) {
  const config = useLtiConfigQuery(videoId, '1.3');
  async function copyConfig() {
    const result = config.data !== undefined ? config : await config.refetch();
    if (result.data !== undefined) onCopy(result.data);
    else
      toast({
        variant: 'destructive',
        title: isPlanRequired(result.error) ? 'LMS integration is not in your plan' : 'LTI Export Failed',
        description: serverMessage(result.error) ?? 'The LTI configuration could not be loaded.',
      });
  }
  return (
    <Button variant="outline" onClick={() => void copyConfig()} aria-label={copied ? 'LTI configuration copied' : 'Copy LTI Export'}>
      {copied ? <Check className="text-success" aria-hidden="true" /> : <ClipboardCopy aria-hidden="true" />}
      {copied ? 'Copied!' : 'LTI Export'}
    </Button>
  );
}

/** Step 5, after generation: the links to share, the embed code and the video's details. */
export function ShareTab({ video, onCreateAnother }: { video: CreatedVideo; onCreateAnother: () => void }) {
  const { copied, copy } = useCopy();
  const origin = window.location.origin;
  const url = playerUrl(origin, video.id);
  const embed = embedCode(origin, video.id, video.title);

  return (
    <div className="grid gap-6">
      <ReadinessNotice video={video} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <Card>
          <CardHeader className="pb-4">
            <CardTitle as="h2" className="text-base">Share</CardTitle>
            <CardDescription>Anyone with the link can watch the video and answer its questions.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <SharingControl videoId={video.id} published={video.published === true} autoShare />
            <CopyField id="player-url" label="Player URL" value={url} copied={copied === 'url'} onCopy={() => void copy('url', url)} />
            <CopyField id="embed-code" label="Embed code" value={embed} multiline copied={copied === 'embed'} onCopy={() => void copy('embed', embed)} />
            <div className="flex flex-wrap gap-2 border-t pt-4">
              <a href={routes.player(video.id)} target="_blank" rel="noreferrer" className={buttonVariants()}>
                <FlaskConical aria-hidden="true" />
                Test Generator
                <span className="sr-only">(opens the player in a new tab)</span>
              </a>
              <Link to={routes.video(video.id)} className={buttonVariants({ variant: 'outline' })}>
                <Share2 aria-hidden="true" />
                Open share page
              </Link>
              <Link to={routes.editQuestions(video.id)} className={buttonVariants({ variant: 'outline' })}>
                <Pencil aria-hidden="true" />
                Edit Questions
              </Link>
            </div>
            <div className="grid gap-2 border-t pt-4">
              <div className="flex flex-wrap gap-2">
                <LtiExportButton videoId={video.id} copied={copied === 'lti'} onCopy={(text) => void copy('lti', text)} />
                <Button variant="outline" onClick={() => void copy('scorm', scormInfo(origin, video))} aria-label={copied === 'scorm' ? 'SCORM info copied' : 'Copy SCORM Info'}>
                  {copied === 'scorm' ? <Check className="text-success" aria-hidden="true" /> : <ClipboardCopy aria-hidden="true" />}
                  {copied === 'scorm' ? 'Copied!' : 'SCORM Info'}
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">{SHARING_RULE}</p>
            </div>
          </CardContent>
        </Card>
        <Card className="h-fit">
          <CardHeader className="pb-2">
            <CardTitle as="h2" className="text-base">Video details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl data-testid="video-details">
              <Detail label="Title" value={video.title} />
              <Detail label="Type" value={TYPE_LABEL[video.type] ?? video.type} />
              <Detail label="Duration" value={formatDuration(video.duration)} />
              <Detail label="Questions" value={String(video.questionCount)} />
              <Detail label="Status" value={STATUS_LABEL[video.status] ?? video.status} />
              <Detail label="Created" value={formatDate(video.createdAt)} />
            </dl>
          </CardContent>
        </Card>
      </div>
      <div className="flex justify-center">
        <Button variant="outline" size="lg" onClick={onCreateAnother}>
          <PlusCircle aria-hidden="true" />
          Create Another Video
        </Button>
      </div>
    </div>
  );
}
