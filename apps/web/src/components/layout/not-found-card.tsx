import type { ReactNode } from 'react';
import { VideoOff } from 'lucide-react';
import { Card, CardContent } from '../ui/card';

/**
 * A whole page saying that a lesson does not exist (or is not the viewer's: the API answers the same
 * 404), with the caller's details and actions below the message.
 */
export function NotFoundCard({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="grid justify-items-center gap-3 pt-8 pb-8">
          <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10">
            <VideoOff className="size-7 text-destructive" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-muted-foreground">{message}</p>
          {children}
        </CardContent>
      </Card>
    </main>
  );
}
