import { useState } from 'react';
import { ExternalLink, ListChecks } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { apiRequest, serverMessage } from '../../../lib/session-client';

/**
 * For admins: opens the job queue dashboard (/admin/queues). That page is a plain navigation, so the
 * gateway first puts this session in a short-lived cookie scoped to it.
 */
export function AdminToolsCard() {
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function openQueues() {
    setOpening(true);
    setError(null);
    try {
      const opened = await apiRequest<{ url: string }>('POST', '/api/admin/queues/session');
      window.location.assign(opened?.url ?? '/admin/queues');
    } catch (err) {
      setError(serverMessage(err) ?? 'The queue dashboard could not be opened. Please try again.');
      setOpening(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin tools</CardTitle>
        <CardDescription>Only administrators see this.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
          <div className="flex items-start gap-3">
            <ListChecks className="mt-0.5 size-5 text-muted-foreground" aria-hidden="true" />
            <div>
              <p className="font-medium">Job queues</p>
              <p className="text-sm text-muted-foreground">Question generation, SCORM exports and LMS grades: waiting, running, finished and failed jobs.</p>
            </div>
          </div>
          <Button variant="outline" onClick={openQueues} disabled={opening}>
            <ExternalLink aria-hidden="true" />
            {opening ? 'Opening...' : 'Open queue dashboard'}
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
