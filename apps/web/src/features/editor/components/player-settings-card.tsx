import { useId } from 'react';
import { Loader2, SlidersHorizontal } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { cn } from '../../../lib/utils';
import type { EditorVideo, SkippingMode, VideoSettings } from '../api/editor-api';
import { useVideoSettingsMutation } from '../hooks/use-editor';

export const SKIPPING_MODES: ReadonlyArray<{ value: SkippingMode; label: string; hint: string }> = [
  { value: 'free', label: 'Free', hint: 'Learners may skip questions and move anywhere in the video.' },
  { value: 'no_skip_forward', label: 'No skipping ahead past unanswered questions', hint: 'Learners can rewatch, but not jump past a question they have not answered.' },
  { value: 'no_seek', label: 'No seeking', hint: 'The video plays straight through; learners cannot jump ahead.' },
];

/** How learners may move through this video (PUT /api/videos/{id}/settings); each change saves at once. */
export function PlayerSettingsCard({ video, className }: { video: EditorVideo; className?: string }) {
  const modeId = useId();
  const requireId = useId();
  const pointsId = useId();
  const save = useVideoSettingsMutation(video.id);
  const pending = save.isPending ? save.variables : undefined;
  const mode = pending?.skippingMode ?? video.skippingMode ?? 'free';
  const requireCorrect = pending?.requireCorrect ?? video.requireCorrect ?? false;
  const gamification = pending?.gamification ?? video.gamification ?? true;

  function change(settings: VideoSettings) {
    save.mutate(settings, {
      onSuccess: () => toast({ title: 'Player settings saved' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Could not save the player settings', description: serverMessage(error) ?? 'Please try again.' }),
    });
  }

  return (
    <Card className={cn(className)} aria-labelledby={`${modeId}-title`}>
      <CardHeader className="gap-1 px-4 pb-3 pt-4">
        <CardTitle as="h2" id={`${modeId}-title`} className="flex items-center gap-2 text-base">
          <SlidersHorizontal className="size-4 text-primary" aria-hidden="true" />
          Player settings
          {save.isPending && <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Saving" />}
        </CardTitle>
        <CardDescription>How learners move through this video, and whether they earn points. Changes save straight away.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 pb-4">
        <div className="grid gap-1.5">
          <Label htmlFor={modeId}>Skipping</Label>
          <Select value={mode} onValueChange={(value) => change({ skippingMode: value as SkippingMode })} disabled={save.isPending}>
            <SelectTrigger id={modeId} aria-describedby={`${modeId}-hint`} className="h-auto min-h-9 text-left [&>span]:line-clamp-2">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SKIPPING_MODES.map((m) => (
                <SelectItem key={m.value} value={m.value}>
                  {m.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${modeId}-hint`} className="text-xs text-muted-foreground">
            {SKIPPING_MODES.find((m) => m.value === mode)?.hint}
          </p>
        </div>
        <div className="flex items-start gap-2">
          <Checkbox
            id={requireId}
            className="mt-0.5"
            checked={requireCorrect}
            disabled={save.isPending}
            onCheckedChange={(on) => change({ requireCorrect: on === true })}
            aria-describedby={`${requireId}-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={requireId} className="leading-snug">
              Learners must answer correctly to continue
            </Label>
            <p id={`${requireId}-hint`} className="text-xs text-muted-foreground">
              A wrong answer is retried until it is right; the first try counts for the score.
            </p>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <Checkbox
            id={pointsId}
            className="mt-0.5"
            checked={gamification}
            disabled={save.isPending}
            onCheckedChange={(on) => change({ gamification: on === true })}
            aria-describedby={`${pointsId}-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={pointsId} className="leading-snug">
              Points and achievements
            </Label>
            <p id={`${pointsId}-hint`} className="text-xs text-muted-foreground">
              Learners earn points, streaks and achievements in this lesson. They never change the score sent to an LMS.
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
