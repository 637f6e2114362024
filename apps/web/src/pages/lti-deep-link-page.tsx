import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SimplePage } from '../components/layout/simple-page';
import { Button } from '../components/ui/button';
import { fetchLtiContext, ltiKeys, postDeepLinkResponse, rememberLaunchToken, requestDeepLink } from '../features/lti/api/lti-api';
import { apiRequest, getToken, serverMessage } from '../lib/session-client';
import { routes } from '../app/routes';

interface LessonItem {
  id: number;
  title: string;
  questionCount: number;
}

/**
 * Deep linking picker (`/lti/deep-link?lti=…`): an instructor who came from the LMS's "add content"
 * screen picks one of their lessons; the tool signs an LtiDeepLinkingResponse and the page posts it
 * back to the LMS.
 */
export default function LtiDeepLinkPage() {
  const location = useLocation();
  const [launchToken] = useState(() => rememberLaunchToken(location.search));
  const signedIn = Boolean(getToken());
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const context = useQuery({ queryKey: ltiKeys.context(launchToken ?? ''), queryFn: () => fetchLtiContext(launchToken ?? ''), enabled: Boolean(launchToken) });
  const lessons = useQuery({
    queryKey: ltiKeys.lessons,
    queryFn: async () => (await apiRequest<{ items: LessonItem[] }>('GET', '/api/videos?page=1&pageSize=100', undefined, { on401: 'returnNull' }))?.items ?? null,
    enabled: signedIn,
  });

  async function pick(lesson: LessonItem) {
    if (!launchToken) return;
    setError(null);
    setSending(lesson.id);
    try {
      postDeepLinkResponse(await requestDeepLink(launchToken, lesson.id));
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The lesson could not be added. Open the tool again from your LMS.');
      setSending(null);
    }
  }

  return (
    <SimplePage>
      <h1 className="text-2xl font-semibold">Add a VeoLearn lesson to your course</h1>
      {context.data?.course ? <p className="mt-1 text-muted-foreground">Course: {context.data.course.name}</p> : null}
      {!launchToken || context.data?.ltiActive === false ? (
        <p className="mt-6" role="alert">This page opens from your LMS&apos;s &quot;add content&quot; screen. Start again from your course.</p>
      ) : !signedIn || lessons.data === null ? (
        <p className="mt-6">
          <Link className="underline" to={routes.signIn}>Sign in to VeoLearn</Link> in this window to pick one of your lessons, then come back to this page.
        </p>
      ) : (
        <ul className="mt-6 space-y-2" aria-label="Your lessons">
          {(lessons.data ?? []).map((lesson) => (
            <li key={lesson.id} className="flex items-center justify-between rounded-md border bg-background p-3">
              <span>
                {lesson.title} <span className="text-sm text-muted-foreground">({lesson.questionCount} questions)</span>
              </span>
              <Button onClick={() => void pick(lesson)} disabled={sending !== null}>
                {sending === lesson.id ? 'Adding...' : 'Add to course'}
              </Button>
            </li>
          ))}
          {lessons.data?.length === 0 ? <li>You have no lessons yet. Create one first, then add it here.</li> : null}
        </ul>
      )}
      {error ? <p className="mt-4 text-destructive" role="alert">{error}</p> : null}
    </SimplePage>
  );
}
