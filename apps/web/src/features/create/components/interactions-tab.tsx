import type { ReactNode } from 'react';
import { useRevealedError } from '../../../lib/use-revealed-error';
import { AlertTriangle, Loader2, Settings2, Sparkles, Wand2 } from 'lucide-react';
import {
  VIDEO_TITLE_MAX_LENGTH,
  MAX_INTERACTIONS,
  MIN_TRANSCRIPT_CHARS_FOR_GENERATION,
  QUESTION_TYPE_LABELS,
  WIZARD_ID_TO_QUESTION_TYPE,
  WIZARD_QUESTION_TYPE_IDS,
  type WizardQuestionTypeId,
} from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import { routes } from '../../../app/routes';
import type { GenerationJobView } from '../api/create-api';
import { formatCount, hasTranscript, NO_QUESTION_TYPE, transcriptLength, transcriptStatus, type SelectedVideo } from '../wizard-rules';
import { interactionCountToSend, maxInteractionsShown, type WizardSettings } from '../wizard-settings';
import { ProgressBar } from './progress-bar';
import { SettingSwitch } from './setting-switch';

const TYPE_HINTS: Readonly<Record<WizardQuestionTypeId, string>> = {
  single: 'One correct answer among several',
  multiple: 'Several answers can be correct',
  trueFalse: 'Decide whether a statement is true',
  scenario: 'Apply an idea to a short situation',
  matching: 'Pair terms with their meanings',
  ordering: 'Put steps in the right order',
  sortingGroups: 'Sort items into groups',
  fillGap: 'Complete a sentence with missing words',
  dragDrop: 'Drag labels onto their places',
  priorityRanking: 'Rank items by importance',
};

const PER_CHAPTER = [1, 2, 3] as const;
const COUNTS = Array.from({ length: MAX_INTERACTIONS }, (_, i) => i + 1);

/** The failure of the last try to generate, shown until the next try. */
export interface GenerationError {
  message: string;
  upgrade: boolean;
}

function QuestionTypes({ settings, onToggle }: { settings: WizardSettings; onToggle: (id: WizardQuestionTypeId, checked: boolean) => void }) {
  const none = settings.questionTypes.length === 0;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">Question types</CardTitle>
        <CardDescription>Choose the kinds of questions to write; they are mixed across the video.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <fieldset className="grid gap-2 sm:grid-cols-2" aria-describedby={none ? 'question-types-error' : undefined}>
          <legend className="sr-only">Question types</legend>
          {WIZARD_QUESTION_TYPE_IDS.map((id) => {
            const checked = settings.questionTypes.includes(id);
            return (
              <label
                key={id}
                htmlFor={`type-${id}`}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50',
                  checked && 'border-primary/50 bg-accent/60',
                )}
              >
                <Checkbox id={`type-${id}`} checked={checked} onCheckedChange={(value) => onToggle(id, value === true)} className="mt-0.5" />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium leading-none">{QUESTION_TYPE_LABELS[WIZARD_ID_TO_QUESTION_TYPE[id]]}</span>
                  <span className="text-xs text-muted-foreground">{TYPE_HINTS[id]}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        {none && (
          <p id="question-types-error" role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {NO_QUESTION_TYPE}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Amounts({ settings, onChange }: { settings: WizardSettings; onChange: (patch: Partial<WizardSettings>) => void }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">How many questions</CardTitle>
        <CardDescription>
          The transcript is split into up to 10 chapters. With {settings.questionsPerChapter} per chapter there is room for up to{' '}
          {maxInteractionsShown(settings.questionsPerChapter)}; a video gets at most {MAX_INTERACTIONS}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium leading-none">Questions per chapter</legend>
          <div className="inline-flex w-fit rounded-lg border bg-muted p-1" role="radiogroup" aria-label="Questions per chapter">
            {PER_CHAPTER.map((n) => (
              <label
                key={n}
                className={cn(
                  'relative flex h-8 w-12 cursor-pointer items-center justify-center rounded-md text-sm font-medium text-muted-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  settings.questionsPerChapter === n && 'bg-background text-foreground shadow',
                )}
              >
                <input
                  type="radio"
                  name="questions-per-chapter"
                  value={n}
                  checked={settings.questionsPerChapter === n}
                  onChange={() => onChange({ questionsPerChapter: n })}
                  className="sr-only"
                  aria-label={`${n} per chapter`}
                />
                {n}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid content-start gap-2">
          <Label htmlFor="interaction-count">Questions in the video</Label>
          <Select value={String(interactionCountToSend(settings.interactionCount))} onValueChange={(v) => onChange({ interactionCount: Number(v) })}>
            <SelectTrigger id="interaction-count" className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {COUNTS.map((n) => (
                <SelectItem key={n} value={String(n)}>
                  {n === MAX_INTERACTIONS ? `${n} (most)` : n}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardContent>
    </Card>
  );
}

function Experience({ settings, onChange }: { settings: WizardSettings; onChange: (patch: Partial<WizardSettings>) => void }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">Learner experience</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        <SettingSwitch
          label="Answer feedback"
          description="A message after each answer, with a short explanation."
          checked={settings.feedbackEnabled}
          onChange={(feedbackEnabled) => onChange({ feedbackEnabled })}
        />
        <SettingSwitch
          label="Animations"
          description="Questions slide in gently when the video pauses."
          checked={settings.animationsEnabled}
          onChange={(animationsEnabled) => onChange({ animationsEnabled })}
        />
        <SettingSwitch
          label="Detailed summary"
          description="Every question and answer in the results at the end."
          checked={settings.detailedSummary}
          onChange={(detailedSummary) => onChange({ detailedSummary })}
        />
        <SettingSwitch
          label="Smart topic return"
          description="After a wrong answer, offer to replay the chapter it is about."
          checked={settings.smartTopicReturn}
          onChange={(smartTopicReturn) => onChange({ smartTopicReturn })}
        />
      </CardContent>
    </Card>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium">{children}</dd>
    </div>
  );
}

function BackgroundProgress({ job, onShow }: { job: GenerationJobView; onShow: () => void }) {
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3" data-testid="background-progress">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="flex min-w-0 items-center gap-2 font-medium">
          <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
          <span className="truncate">{job.stage}</span>
        </span>
        <span className="tabular-nums text-muted-foreground">{Math.round(job.percent)}%</span>
      </div>
      <ProgressBar value={job.percent} label="Generation progress" />
      <Button variant="link" size="sm" className="h-auto w-fit p-0" onClick={onShow}>
        Show progress
      </Button>
    </div>
  );
}

export interface InteractionsTabProps {
  settings: WizardSettings;
  onChange: (patch: Partial<WizardSettings>) => void;
  onToggleType: (id: WizardQuestionTypeId, checked: boolean) => void;
  selected: SelectedVideo | null;
  transcript: string;
  onGenerate: () => void;
  starting: boolean;
  job: GenerationJobView | null;
  overlayOpen: boolean;
  onShowProgress: () => void;
  error: GenerationError | null;
  /** The lesson's title, editable before generation (prefilled from YouTube's or the file's title). */
  title: string;
  onTitleChange: (title: string) => void;
}

/** Step 3: generation settings (saved in this browser) and Generate Interactive Video. */
export function InteractionsTab(props: InteractionsTabProps) {
  const { settings, selected, transcript, job } = props;
  const status = transcriptStatus(transcript);
  const tooShort = transcriptLength(transcript) <= MIN_TRANSCRIPT_CHARS_FOR_GENERATION;
  const busy = props.starting || job !== null;
  const videoLabel = selected ? (selected.title ?? `YouTube video ${selected.kind === 'youtube' ? selected.youtubeId : ''}`) : 'None (transcript only)';
  const errorRef = useRevealedError<HTMLParagraphElement>(props.error && !busy ? props.error : null);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="grid content-start gap-6">
        <QuestionTypes settings={settings} onToggle={props.onToggleType} />
        <Amounts settings={settings} onChange={props.onChange} />
        <Experience settings={settings} onChange={props.onChange} />
      </div>
      <Card className="h-fit lg:sticky lg:top-6">
        <CardHeader className="pb-4">
          <CardTitle as="h2" className="flex items-center gap-2 text-base">
            <Settings2 className="size-4 text-primary" aria-hidden="true" />
            Ready to generate
          </CardTitle>
          <CardDescription>Settings are saved in this browser for your next video.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="lesson-title">Lesson title</Label>
            <Input
              id="lesson-title"
              value={props.title}
              maxLength={VIDEO_TITLE_MAX_LENGTH}
              disabled={busy}
              onChange={(e) => props.onTitleChange(e.target.value)}
              placeholder={selected ? 'The video\'s own title when left empty' : 'Taken from the transcript when left empty'}
              aria-describedby="lesson-title-hint"
            />
            <p id="lesson-title-hint" className="text-xs text-muted-foreground">
              Learners see it above the video. You can change it later too.
            </p>
          </div>
          <dl className="grid gap-2">
            <SummaryRow label="Video">
              <span className="line-clamp-2">{videoLabel}</span>
            </SummaryRow>
            <SummaryRow label="Transcript">
              {hasTranscript(transcript) ? (
                <span className={status.ready ? 'text-success' : tooShort ? 'text-amber-700' : undefined} data-testid="summary-transcript">
                  {formatCount(transcriptLength(transcript))} characters{tooShort && ' (too short)'}
                </span>
              ) : (
                <span className="text-amber-700" data-testid="summary-transcript">
                  Needed
                </span>
              )}
            </SummaryRow>
            <SummaryRow label="Question types">{settings.questionTypes.length} selected</SummaryRow>
            <SummaryRow label="Questions">
              up to {interactionCountToSend(settings.interactionCount)}, {settings.questionsPerChapter} per chapter
            </SummaryRow>
          </dl>
          <Button size="lg" className="w-full" onClick={props.onGenerate} disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Wand2 aria-hidden="true" />}
            {busy ? 'Generating...' : 'Generate Interactive Video'}
          </Button>
          {job && !props.overlayOpen && <BackgroundProgress job={job} onShow={props.onShowProgress} />}
          {props.error && !busy && (
            <p ref={errorRef} role="alert" tabIndex={-1} className="flex gap-2 scroll-mt-4 outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {props.error.message}{' '}
                {props.error.upgrade && (
                  <a href={routes.subscribe} className="font-medium underline underline-offset-4">
                    See plans
                  </a>
                )}
              </span>
            </p>
          )}
          <p className="flex items-start gap-2 text-xs text-muted-foreground">
            <Sparkles className="mt-px size-3.5 shrink-0 text-primary" aria-hidden="true" />
            Writing the questions takes from a few seconds to a minute or two. You can review and edit every one afterwards.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
