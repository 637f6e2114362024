import { useState, type FormEvent, type RefObject } from 'react';
import { Link2, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/** Paste a YouTube link and press Use Video. */
export function YouTubeLinkCard({
  onSubmit,
  lookingUp,
  inputRef,
}: {
  /** Returns false when the link was refused. The field keeps its text either way, to be corrected or seen. */
  onSubmit: (url: string) => boolean;
  lookingUp: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [url, setUrl] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(url);
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Link2 className="size-4 text-primary" aria-hidden="true" />
          Or paste a YouTube link
        </CardTitle>
        <CardDescription>Links like youtube.com/watch?v=… and youtu.be/… work.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" aria-label="Use a YouTube link">
          <div className="grid gap-1.5">
            <Label htmlFor="youtube-link">YouTube link</Label>
            <Input
              id="youtube-link"
              ref={inputRef}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://www.youtube.com/watch?v=..."
              inputMode="url"
              autoComplete="off"
            />
          </div>
          <Button type="submit" disabled={lookingUp}>
            {lookingUp && <Loader2 className="animate-spin" aria-hidden="true" />}
            Use Video
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
