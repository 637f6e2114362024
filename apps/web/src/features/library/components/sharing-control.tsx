import { useEffect, useRef, useState } from 'react';
import { Globe2, Loader2, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { cn } from '../../../lib/utils';
import { useSharingMutation } from '../hooks/use-library';

const SHARE_FAILED = 'The sharing setting could not be changed. Please try again.';

/**
 * Whether learners can open the lesson by its link, with the button that changes it. A private
 * lesson answers "Video not found" to everyone but its owner. `autoShare` shares a private lesson
 * once when shown (the share step, whose links are there to be handed out).
 */
export function SharingControl({
  videoId,
  published: given,
  autoShare = false,
  className,
}: {
  videoId: number;
  published: boolean;
  autoShare?: boolean;
  className?: string;
}) {
  // The server's answer is the truth from then on (the parent's copy may be a wizard's snapshot).
  const [current, setCurrent] = useState<{ videoId: number; published: boolean } | null>(null);
  const published = current?.videoId === videoId ? current.published : given;
  const sharing = useSharingMutation({
    onSuccess: (data) => {
      const shared = (data as { published?: boolean } | null)?.published === true;
      setCurrent({ videoId, published: shared });
      toast({ title: shared ? 'Lesson shared' : 'Lesson is private', description: shared ? 'Anyone with the link can play it now.' : 'Only you can play it now.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Sharing not changed', description: serverMessage(error) ?? SHARE_FAILED }),
  });
  const asked = useRef(false);
  const { mutate } = sharing;
  useEffect(() => {
    if (!autoShare || published || asked.current) return;
    asked.current = true;
    mutate({ id: videoId, published: true });
  }, [autoShare, published, videoId, mutate]);

  const busy = sharing.isPending;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-xl border p-3 text-sm',
        published ? 'border-success/30 bg-success/10' : 'border-amber-300 bg-amber-50 text-amber-950',
        className,
      )}
    >
      {published ? <Globe2 className="size-5 shrink-0 text-success" aria-hidden="true" /> : <Lock className="size-5 shrink-0" aria-hidden="true" />}
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-semibold">{published ? 'Shared by link' : 'Private lesson'}</p>
        <p className={published ? 'text-muted-foreground' : undefined}>
          {published ? 'Anyone with the link can play this lesson.' : 'Only you can play it. Learners see “Video not found” until you share it.'}
        </p>
      </div>
      <Button
        size="sm"
        variant={published ? 'outline' : 'default'}
        disabled={busy}
        onClick={() => sharing.mutate({ id: videoId, published: !published })}
      >
        {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
        {published ? 'Make private' : 'Share by link'}
      </Button>
    </div>
  );
}
