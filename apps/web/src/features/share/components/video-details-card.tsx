import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, ExternalLink, Loader2, Pencil, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import type { VideoView } from '../../library/api/library-api';
import { formatDate, formatDuration } from '../../library/format';
import { useRenameMutation } from '../hooks/use-share';

const TYPE_LABEL: Record<string, string> = { youtube: 'YouTube', youtube_vr: 'YouTube VR', upload: 'Upload' };
const STATUS_LABEL: Record<string, string> = { draft: 'Draft', processing: 'Processing', ready: 'Ready', failed: 'Failed' };
const TITLE_FAILED = 'Failed to update video title';
const MAX_TITLE = 255;

/** The source is shown as a link only when it is a web address (never a placeholder or a script URL). */
export function sourceLink(url: string | null | undefined): string | null {
  if (!url || url === 'manual-transcript' || url === 'pending') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 border-b py-2 text-sm last:border-b-0">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium">{children}</dd>
    </div>
  );
}

/** The title edits in place: Enter saves (PUT /api/videos/{id}), Escape cancels. */
function TitleField({ video }: { video: VideoView }) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameMutation(video.id);
  const editing = draft !== null;

  function save() {
    if (draft === null) return;
    const title = draft.trim();
    if (!title || title === video.title) {
      setDraft(null);
      return;
    }
    rename.mutate(title, {
      onSuccess: () => {
        setDraft(null);
        toast({ title: 'Title updated' });
      },
      onError: () => toast({ variant: 'destructive', title: TITLE_FAILED }),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(null);
    }
  }

  if (editing) {
    return (
      <div className="grid gap-1.5 py-2">
        <label htmlFor="video-title-input" className="text-sm text-muted-foreground">
          Title
        </label>
        <div className="flex gap-2">
          <Input
            id="video-title-input"
            autoFocus
            value={draft}
            maxLength={MAX_TITLE}
            disabled={rename.isPending}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button size="icon" onClick={save} disabled={rename.isPending} aria-label="Save title">
            {rename.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          </Button>
          <Button size="icon" variant="outline" onClick={() => setDraft(null)} disabled={rename.isPending} aria-label="Cancel">
            <X aria-hidden="true" />
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">Enter saves, Escape cancels.</p>
      </div>
    );
  }
  return (
    <div className="flex items-start justify-between gap-3 border-b py-2 text-sm">
      <span className="shrink-0 text-muted-foreground">Title</span>
      <span className="flex min-w-0 items-start gap-1">
        <span className="min-w-0 break-words text-right font-medium" data-testid="video-title">
          {video.title}
        </span>
        <Button variant="ghost" size="icon" className="-my-1.5 size-7 shrink-0" onClick={() => setDraft(video.title)} aria-label="Edit title">
          <Pencil className="size-3.5" aria-hidden="true" />
        </Button>
      </span>
    </div>
  );
}

export function VideoDetailsCard({ video }: { video: VideoView }) {
  const source = sourceLink(video.url);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">Video Details</CardTitle>
      </CardHeader>
      <CardContent>
        <TitleField key={video.id} video={video} />
        <dl data-testid="video-details">
          <Detail label="Type">{TYPE_LABEL[video.type] ?? video.type}</Detail>
          <Detail label="Duration">{formatDuration(video.duration)}</Detail>
          <Detail label="Status">{STATUS_LABEL[video.status] ?? video.status}</Detail>
          <Detail label="Created">{formatDate(video.createdAt)}</Detail>
          {source && (
            <Detail label="Source">
              <a href={source} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                <span className="break-all">{source}</span>
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              </a>
            </Detail>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
