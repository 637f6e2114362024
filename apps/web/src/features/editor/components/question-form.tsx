import type { ReactNode } from 'react';
import { AlertCircle, Loader2, Save } from 'lucide-react';
import {
  FEEDBACK_TEXT_MAX_LENGTH,
  QUESTION_TEXT_MAX_LENGTH,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  SCENARIO_TEXT_MAX_LENGTH,
  TOPIC_TITLE_MAX_LENGTH,
  type QuestionType,
} from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Separator } from '../../../components/ui/separator';
import { formatDuration } from '../../library/format';
import { convertAnswer } from '../model/draft-convert';
import type { QuestionDraft } from '../model/question-draft';
import { AnswerEditor } from './answer-editors';
import { Field } from './field';
import { SecondsInput } from './seconds-input';
import { Textarea } from './textarea';

export interface QuestionFormProps {
  draft: QuestionDraft;
  /** 1-based place of the question in the list, for the heading. */
  position: number;
  dirty: boolean;
  saving: boolean;
  errors: string[];
  /** The end of the timeline in seconds (the video's duration, or 3600 while unknown). */
  maxSeconds: number;
  durationKnown: boolean;
  onEdit: (update: (draft: QuestionDraft) => QuestionDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4" aria-label={title}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

function ErrorSummary({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" tabIndex={-1} data-testid="save-errors" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
        {errors.length === 1 ? 'Fix this before saving:' : `Fix these ${errors.length} things before saving:`}
      </p>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-9 text-destructive">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/** The right-hand editor of one selected question (spec section 2). */
export function QuestionForm({ draft, position, dirty, saving, errors, maxSeconds, durationKnown, onEdit, onSave, onCancel }: QuestionFormProps) {
  const type = draft.answer.type;
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => onEdit((d) => ({ ...d, [key]: value }));
  const setFeedback = (key: keyof QuestionDraft['feedback'], value: string) => onEdit((d) => ({ ...d, feedback: { ...d.feedback, [key]: value } }));
  const range = `0 to ${maxSeconds} s${durationKnown ? ' (the end of the video)' : ' (the video length is not known yet)'}`;

  return (
    <Card aria-labelledby="question-editor-title">
      <CardHeader className="gap-2 border-b pb-4">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h2" id="question-editor-title" className="text-lg">
            Question {position}
          </CardTitle>
          <Badge variant="secondary">{QUESTION_TYPE_LABELS[type]}</Badge>
          {dirty && (
            <Badge variant="outline" className="border-amber-500/50 bg-amber-50 text-amber-800">
              Unsaved Changes
            </Badge>
          )}
        </div>
        <CardDescription>
          Asked at {formatDuration(draft.timestamp)} in “{draft.topicTitle.trim() || 'Untitled topic'}”.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 pt-6">
        <ErrorSummary errors={errors} />

        <Section title="Timing and topic">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Timeline position (seconds)" hint={`${formatDuration(draft.timestamp)} · ${range}`}>
              {({ id, hintId }) => <SecondsInput id={id} describedBy={hintId} value={draft.timestamp} max={maxSeconds} onChange={(v) => set('timestamp', v)} />}
            </Field>
            <Field label="Question type">
              {({ id }) => (
                <Select value={type} onValueChange={(value) => onEdit((d) => ({ ...d, answer: convertAnswer(d.answer, value as QuestionType) }))}>
                  <SelectTrigger id={id}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {QUESTION_TYPES.map((t) => (
                      <SelectItem key={t} value={t}>
                        {QUESTION_TYPE_LABELS[t]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <Field label="Topic title" hint="The chapter this question belongs to.">
              {({ id, hintId }) => (
                <Input id={id} aria-describedby={hintId} value={draft.topicTitle} maxLength={TOPIC_TITLE_MAX_LENGTH} onChange={(e) => set('topicTitle', e.target.value)} />
              )}
            </Field>
            <Field label="Topic start time (seconds)" hint={`${formatDuration(draft.topicStartTime)} · where “Review Chapter” jumps back to`}>
              {({ id, hintId }) => (
                <SecondsInput id={id} describedBy={hintId} value={draft.topicStartTime} max={maxSeconds} onChange={(v) => set('topicStartTime', v)} />
              )}
            </Field>
          </div>
        </Section>

        <Separator />

        <Section title="Question">
          <Field label="Question text">
            {({ id }) => <Textarea id={id} rows={2} value={draft.question} maxLength={QUESTION_TEXT_MAX_LENGTH} onChange={(e) => set('question', e.target.value)} />}
          </Field>
          {type === 'scenario' && (
            <Field label="Scenario" hint="The situation learners read before the question.">
              {({ id, hintId }) => (
                <Textarea
                  id={id}
                  aria-describedby={hintId}
                  rows={4}
                  value={draft.scenario}
                  maxLength={SCENARIO_TEXT_MAX_LENGTH}
                  onChange={(e) => set('scenario', e.target.value)}
                />
              )}
            </Field>
          )}
          <AnswerEditor answer={draft.answer} onChange={(answer) => onEdit((d) => ({ ...d, answer }))} />
        </Section>

        <Separator />

        <Section title="Feedback">
          <div className="grid gap-4 md:grid-cols-2">
            <Field label="Correct-answer message">
              {({ id }) => (
                <Textarea id={id} rows={3} value={draft.feedback.correct} maxLength={FEEDBACK_TEXT_MAX_LENGTH} onChange={(e) => setFeedback('correct', e.target.value)} />
              )}
            </Field>
            <Field label="Incorrect-answer message">
              {({ id }) => (
                <Textarea id={id} rows={3} value={draft.feedback.incorrect} maxLength={FEEDBACK_TEXT_MAX_LENGTH} onChange={(e) => setFeedback('incorrect', e.target.value)} />
              )}
            </Field>
          </div>
          <Field label="Simple explanation (optional)" hint="Shown with the feedback; leave empty for none.">
            {({ id, hintId }) => (
              <Textarea
                id={id}
                aria-describedby={hintId}
                rows={2}
                value={draft.feedback.explanation}
                maxLength={FEEDBACK_TEXT_MAX_LENGTH}
                onChange={(e) => setFeedback('explanation', e.target.value)}
              />
            )}
          </Field>
        </Section>

        <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-wrap items-center justify-end gap-2 rounded-b-xl border-t bg-card/95 px-6 py-4 backdrop-blur">
          {dirty && <span className="mr-auto text-xs text-muted-foreground">Changes are kept until you save or cancel.</span>}
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={!dirty || saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            Save Question
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
