import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A friendly empty state for a step that has nothing to show yet. */
export function StepEmpty({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-background px-6 py-14 text-center">
      <Icon className="mb-3 size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

export function StepLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4">
      <div className="h-16 animate-pulse rounded-xl border bg-muted" />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="h-64 animate-pulse rounded-xl border bg-muted" />
        <div className="h-64 animate-pulse rounded-xl border bg-muted" />
      </div>
      <span className="sr-only">{label}</span>
    </div>
  );
}
