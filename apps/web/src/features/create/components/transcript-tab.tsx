import { useDeferredValue, useMemo, useRef, type ChangeEvent } from 'react';
import { ArrowRight, ClipboardPaste, ExternalLink, FileUp, Lightbulb, X } from 'lucide-react';
import { MIN_TRANSCRIPT_CHARS_FOR_GENERATION } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { describeTranscript, formatCount, hasTranscript, transcriptLength, type SelectedVideo } from '../wizard-rules';
import { textareaClass } from './field-styles';

/** The largest transcript file read into the field (the server accepts 400,000 characters). */
const TRANSCRIPT_FILE_MAX_BYTES = 2 * 1024 * 1024;

function CopyInstructions({ selected }: { selected: SelectedVideo | null }) {
  const youtubeUrl = selected?.kind === 'youtube' ? selected.url : null;
  return (
    <Card className="h-fit">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Lightbulb className="size-4 text-amber-500" aria-hidden="true" />
          How to copy a transcript from YouTube
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <ol className="grid list-decimal gap-2 pl-5 marker:font-semibold marker:text-primary">
          <li>
            Open the video on YouTube
            {youtubeUrl && (
              <>
                {' '}
                (
                <a href={youtubeUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-0.5 font-medium text-primary underline-offset-4 hover:underline">
                  open it now
                  <ExternalLink className="size-3" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                )
              </>
            )}
            .
          </li>
          <li>
            Under the video, click <strong>…more</strong> to expand the description.
          </li>
          <li>
            Scroll to the end of the description and click <strong>Show transcript</strong>.
          </li>
          <li>Select all the text in the transcript panel (drag from the first line to the last).</li>
          <li>
            Copy it (<kbd className="rounded border bg-muted px-1 text-xs">Ctrl</kbd>+<kbd className="rounded border bg-muted px-1 text-xs">C</kbd>, or{' '}
            <kbd className="rounded border bg-muted px-1 text-xs">⌘</kbd>+<kbd className="rounded border bg-muted px-1 text-xs">C</kbd> on a Mac) and paste it here.
          </li>
        </ol>
        <p className="rounded-lg bg-muted p-3 text-muted-foreground">
          SRT and WebVTT caption files also work: paste their text or open the file. Timestamps place each question at the right moment.
        </p>
      </CardContent>
    </Card>
  );
}

/** Step 2: the transcript the questions are written from. */
export function TranscriptTab({
  transcript,
  onChange,
  onContinue,
  selected,
}: {
  transcript: string;
  onChange: (text: string) => void;
  onContinue: () => void;
  selected: SelectedVideo | null;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const deferred = useDeferredValue(transcript);
  const description = useMemo(() => describeTranscript(deferred), [deferred]);
  const length = transcriptLength(transcript);
  const tooShort = length > 0 && length <= MIN_TRANSCRIPT_CHARS_FOR_GENERATION;

  async function openFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > TRANSCRIPT_FILE_MAX_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: 'A transcript file can be at most 2 MB.' });
      return;
    }
    try {
      onChange(await file.text());
    } catch {
      toast({ variant: 'destructive', title: 'Could not read the file', description: 'Please paste the transcript instead.' });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <Card>
        <CardHeader className="pb-4">
          <CardTitle as="h2" className="flex items-center gap-2 text-base">
            <ClipboardPaste className="size-4 text-primary" aria-hidden="true" />
            Paste the transcript
          </CardTitle>
          <CardDescription>The questions are written from what is said in the video, and placed at the moment it is said.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Label htmlFor="transcript" className="sr-only">
            Transcript
          </Label>
          <textarea
            id="transcript"
            rows={14}
            value={transcript}
            onChange={(e) => onChange(e.target.value)}
            placeholder={'0:00\nWelcome! Today we look at how the water cycle moves water around the planet.\n0:07\nIt starts when the sun warms the ocean...'}
            spellCheck={false}
            className={`${textareaClass} min-h-64 font-mono text-[13px] leading-relaxed`}
            aria-describedby="transcript-count"
          />
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground" id="transcript-count" aria-live="polite">
            <span data-testid="transcript-count" className={tooShort ? 'text-amber-700' : undefined}>
              {formatCount(length)} {length === 1 ? 'character' : 'characters'}
              {tooShort && ` · questions need more than ${MIN_TRANSCRIPT_CHARS_FOR_GENERATION}`}
            </span>
            {description && <span>{description}</span>}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
            <div className="flex flex-wrap gap-2">
              <input ref={fileInput} type="file" accept=".srt,.vtt,.txt,text/plain,text/vtt" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void openFile(e)} />
              <Button variant="outline" onClick={() => fileInput.current?.click()}>
                <FileUp aria-hidden="true" />
                Open a File
              </Button>
              <Button variant="ghost" onClick={() => onChange('')} disabled={transcript === ''}>
                <X aria-hidden="true" />
                Clear
              </Button>
            </div>
            <Button onClick={onContinue} disabled={!hasTranscript(transcript)}>
              Continue to Settings
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </CardContent>
      </Card>
      <CopyInstructions selected={selected} />
    </div>
  );
}
