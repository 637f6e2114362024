import { Link } from 'react-router-dom';
import { PlayCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Brand({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link
      to={to}
      className={cn('inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight', className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <PlayCircle className="size-5" aria-hidden="true" />
      </span>
      VeoLearn
    </Link>
  );
}
