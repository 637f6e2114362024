import { useState, type FormEvent } from 'react';
import { MonitorPlay, Plus } from 'lucide-react';
import { VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ToastAction } from '../../../components/ui/toast';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, serverMessage } from '../../../lib/session-client';
import { routes } from '../../../app/routes';
import type { FolderId } from '../api/library-api';
import { useCreateVideoMutation } from '../hooks/use-library';

/** Adds a YouTube video to the open folder (the full creation wizard at /create arrives later). */
export function AddYoutubeForm({ folderId, folderName }: { folderId: FolderId; folderName: string }) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);
  const create = useCreateVideoMutation({
    onSuccess: () => {
      toast({ title: 'Video added' });
      setUrl('');
      setTitle('');
    },
    onError: (err) => {
      const upgrade = err instanceof ApiError && err.status === 402;
      const message = serverMessage(err) ?? 'Failed to add the video. Please try again.';
      setError({ message, upgrade });
      toast({
        variant: 'destructive',
        title: upgrade ? 'Plan limit reached' : 'Could not add the video',
        description: message,
        action: upgrade ? (
          <ToastAction altText="Upgrade your plan" asChild>
            <a href={routes.subscribe}>Upgrade</a>
          </ToastAction>
        ) : undefined,
  });
        },
      });
  const ready = url.trim() !== '' && title.trim() !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    create.mutate({ youtubeUrl: url.trim(), title: title.trim(), folderId });
  }

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <MonitorPlay className="size-5 text-red-600" aria-hidden="true" />
          Add a YouTube video
        </CardTitle>
        <CardDescription>Paste a YouTube link; it is added to {folderName}. Questions can be added later.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end" aria-label="Add a YouTube video">
          <div className="grid gap-1.5">
            <Label htmlFor="youtube-url">YouTube link</Label>
            <Input
              id="youtube-url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://www.youtube.com/watch?v=..."
              inputMode="url"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="youtube-title">Title</Label>
            <Input
              id="youtube-title"
              value={title}
              maxLength={VIDEO_TITLE_MAX_LENGTH}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="e.g. Photosynthesis explained"
            />
          </div>
          <Button type="submit" disabled={!ready || create.isPending}>
            <Plus aria-hidden="true" />
            Add Video
          </Button>
        </form>
        {error && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {error.message}{' '}
            {error.upgrade && (
              <a href={routes.subscribe} className="font-medium underline underline-offset-4">
                Upgrade
              </a>
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
