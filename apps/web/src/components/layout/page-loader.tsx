import { Loader2 } from 'lucide-react';

export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span className="ml-3 text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
