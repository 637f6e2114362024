import { CheckCircle2, ExternalLink, FileText, Info, Upload, X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatBytes, formatViews, transcriptStatus, type SelectedVideo } from '../wizard-rules';
import { VideoThumbnail } from './video-thumbnail';

function TranscriptBadge({ transcript }: { transcript: string }) {
  const status = transcriptStatus(transcript);
  return status.ready ? (
    <Badge variant="success" data-testid="transcript-status">
      <CheckCircle2 className="size-3" aria-hidden="true" />
      {status.label}
    </Badge>
  ) : (
    <Badge variant="outline" data-testid="transcript-status" className="border-amber-300 bg-amber-50 text-amber-800">
      <FileText className="size-3" aria-hidden="true" />
      {status.label}
    </Badge>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b py-1.5 text-sm last:border-b-0">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium" title={value ?? undefined}>
        {value ?? <span className="font-normal text-muted-foreground">Not available</span>}
      </dd>
    </div>
  );
}

function YouTubeDetails({ video }: { video: Extract<SelectedVideo, { kind: 'youtube' }> }) {
  return (
    <>
      <VideoThumbnail src={video.thumbnail} duration={video.duration} />
      <div className="grid gap-1">
        <h3 className="line-clamp-2 font-semibold leading-snug" data-testid="selected-video-title">
          {video.title ?? `YouTube video ${video.youtubeId}`}
        </h3>
        <a
          href={video.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex w-fit items-center gap-1 text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Open on YouTube
          <ExternalLink className="size-3" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      {video.existingVideoId !== undefined && (
        <Badge variant="secondary" className="w-fit">
          In your library: no new lesson is used
        </Badge>
      )}
      <dl>
        {video.existingVideoId === undefined && (
          <>
            <Fact label="Channel" value={video.channelTitle} />
            <Fact label="Views" value={formatViews(video.viewCount)} />
          </>
        )}
        <Fact label="Duration" value={video.duration} />
      </dl>
      {video.detailsNote && (
        <p className="flex gap-2 rounded-lg bg-muted p-3 text-xs text-muted-foreground" data-testid="details-note">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {video.detailsNote}
        </p>
      )}
    </>
  );
}

function UploadDetails({ video }: { video: Extract<SelectedVideo, { kind: 'upload' }> }) {
  return (
    <>
      {video.mediaUrl ? (
        <video src={video.mediaUrl} controls preload="metadata" className="aspect-video w-full rounded-lg bg-black" aria-label={`Preview of ${video.title}`} />
      ) : (
        <VideoThumbnail src={null} />
      )}
      <div className="grid gap-1">
        <h3 className="line-clamp-2 font-semibold leading-snug" data-testid="selected-video-title">
          {video.title}
        </h3>
        <Badge variant="secondary" className="w-fit">
          <Upload className="size-3" aria-hidden="true" />
          {video.sizeBytes === null ? 'In your library' : 'Uploaded video'}
        </Badge>
      </div>
      {video.sizeBytes !== null && (
        <dl>
          <Fact label="File" value={video.filename} />
          <Fact label="Size" value={formatBytes(video.sizeBytes)} />
        </dl>
      )}
    </>
  );
}

/** The chosen video, what is known about it and whether its transcript is there yet. */
export function VideoPreview({
  selected,
  loading,
  transcript,
  onRemove,
}: {
  selected: SelectedVideo | null;
  loading: boolean;
  transcript: string;
  onRemove: () => void;
}) {
  return (
    <Card aria-labelledby="selected-video-heading" className="h-fit">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-4">
        <CardTitle as="h2" id="selected-video-heading" className="text-base">
          Selected video
        </CardTitle>
        {selected && !loading && (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            <X aria-hidden="true" />
            Remove
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {loading ? (
          <div role="status" aria-label="Loading video details..." className="grid gap-3">
            <div className="aspect-video animate-pulse rounded-lg bg-muted" />
            <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
            <span className="sr-only">Loading video details...</span>
          </div>
        ) : selected ? (
          <>
            {selected.kind === 'youtube' ? <YouTubeDetails video={selected} /> : <UploadDetails video={selected} />}
            <div className="flex flex-wrap items-center gap-2 border-t pt-3">
              <span className="text-xs text-muted-foreground">Transcript:</span>
              <TranscriptBadge transcript={transcript} />
            </div>
          </>
        ) : (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-10 text-center">
            <FileText className="mb-3 size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No video selected yet</p>
            <p className="mt-1 max-w-xs text-sm text-muted-foreground">
              Search YouTube, paste a link or upload a file. A lesson can also be made from a transcript alone.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
