import { useState, type ChangeEvent, type FormEvent } from 'react';
import { AlertTriangle, Upload, X } from 'lucide-react';
import { VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { routes } from '../../../app/routes';
import { useRevealedError } from '../../../lib/use-revealed-error';
import {
  ACCEPTED_VIDEO_TYPES,
  isAcceptedCaptionsFile,
  isAcceptedVideoFile,
  titleFromFileName,
  UNSUPPORTED_CAPTIONS,
  UNSUPPORTED_VIDEO,
  type UploadInput,
} from '../api/upload-video';
import type { UploadState } from '../hooks/use-video-upload';
import { formatBytes } from '../wizard-rules';
import { fileInputClass } from './field-styles';
import { ProgressBar } from './progress-bar';

function UploadProgressView({ state, onCancel }: { state: Extract<UploadState, { status: 'uploading' }>; onCancel: () => void }) {
  const { progress } = state;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3" data-testid="upload-progress">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate font-medium">Uploading {state.fileName}</span>
        <span className="tabular-nums text-muted-foreground">{progress.percent}%</span>
      </div>
      <ProgressBar value={progress.percent} label="Upload progress" />
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
        </span>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Upload a video file (with optional captions) instead of using YouTube. Remount it (key) to empty the form after an upload. */
export function VideoUploadCard({
  state,
  onUpload,
  onCancel,
  onCaptionsText,
}: {
  state: UploadState;
  onUpload: (input: UploadInput) => void;
  onCancel: () => void;
  /** The text of a chosen captions file: it can serve as the transcript. */
  onCaptionsText: (text: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [captions, setCaptions] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = state.status === 'uploading';

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    if (chosen && !isAcceptedVideoFile(chosen)) {
      setProblem(UNSUPPORTED_VIDEO);
      setFile(null);
      event.target.value = '';
      return;
    }
    setFile(chosen);
    if (chosen && !title.trim()) setTitle(titleFromFileName(chosen.name));
  }

  function chooseCaptions(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    if (chosen && !isAcceptedCaptionsFile(chosen)) {
      setProblem(UNSUPPORTED_CAPTIONS);
      setCaptions(null);
      event.target.value = '';
      return;
    }
    setCaptions(chosen);
    if (chosen) void chosen.text().then(onCaptionsText, () => undefined);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    onUpload({ file, captions, title: title.trim() || titleFromFileName(file.name) });
  }

  const error = problem ?? (state.status === 'failed' ? state.message : null);
  // A refused upload (402 over the plan, 413, 415) or a refused file is brought into view and focused.
  const errorRef = useRevealedError<HTMLParagraphElement>(problem ?? (state.status === 'failed' ? state : null));

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Upload className="size-4 text-primary" aria-hidden="true" />
          Upload a video instead
        </CardTitle>
        <CardDescription>MP4, WebM or MOV. Add captions (WebVTT or SRT) if you have them: they also work as the transcript.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form onSubmit={submit} aria-label="Upload a video">
          <fieldset disabled={uploading} className="grid gap-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="upload-file">Video file</Label>
                <Input
                  id="upload-file"
                  type="file"
                  accept={ACCEPTED_VIDEO_TYPES.join(',')}
                  onChange={chooseFile}
                  className={fileInputClass}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="upload-captions">Captions (optional)</Label>
                <Input
                  id="upload-captions"
                  type="file"
                  accept=".vtt,.srt,text/vtt"
                  onChange={chooseCaptions}
                  className={fileInputClass}
                />
              </div>
            </div>
            <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
              <div className="grid gap-1.5">
                <Label htmlFor="upload-title">Title</Label>
                <Input
                  id="upload-title"
                  value={title}
                  maxLength={VIDEO_TITLE_MAX_LENGTH}
                  onChange={(e) => setTitle(e.target.value)}
                  placeholder="The file name when left empty"
                />
              </div>
              <Button type="submit" variant="secondary" disabled={!file || uploading}>
                <Upload aria-hidden="true" />
                Upload Video
              </Button>
            </div>
            {file && !uploading && (
              <p className="text-xs text-muted-foreground">
                {file.name} · {formatBytes(file.size)}
              </p>
            )}
          </fieldset>
        </form>
        {state.status === 'uploading' && <UploadProgressView state={state} onCancel={onCancel} />}
        {error && (
          <p
            ref={errorRef}
            role="alert"
            tabIndex={-1}
            data-testid="upload-error"
            className="flex scroll-mt-4 gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {error}{' '}
              {state.status === 'failed' && state.upgrade && !problem && (
                <a href={routes.subscribe} className="font-medium underline underline-offset-4">
                  Upgrade
                </a>
              )}
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
