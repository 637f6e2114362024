import { useId, type ReactNode } from 'react';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';

/** A labelled form control with an optional hint below it; the control receives the id and hint id. */
export function Field({
  label,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (ids: { id: string; hintId: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, hintId })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A group of answer inputs with a visible title (a fieldset, so screen readers name the group). */
export function AnswerGroup({ legend, hint, children, className }: { legend: ReactNode; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && <p className="-mt-1 mb-1 text-xs text-muted-foreground">{hint}</p>}
      {children}
    </fieldset>
  );
}
