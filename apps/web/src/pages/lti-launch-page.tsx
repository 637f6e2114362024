import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SimplePage } from '../components/layout/simple-page';
import { Badge } from '../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { fetchLtiContext, linkLtiAccount, ltiKeys, rememberLaunchToken } from '../features/lti/api/lti-api';
import { getToken } from '../lib/session-client';
import { routes } from '../app/routes';
import { parseVideoId } from '../lib/route-ids';

function ConfigRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[14rem_1fr] sm:items-center">
      <dt className="text-sm font-medium">{label}</dt>
      <dd>
        <code className="block break-all rounded bg-muted px-2 py-1 text-sm" aria-label={label}>
          {value}
        </code>
      </dd>
    </div>
  );
}

/**
 * /lti/launch?video={id}: the LTI test page. It shows a lesson as a launch from an LMS shows it (the
 * chrome-less player learners get) and the values a teacher or LMS admin enters to connect the LMS.
 * Opened by an instructor's launch (`&lti=`), it also shows the course it came from.
 */
export default function LtiLaunchPage() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const videoId = parseVideoId(params.get('video') ?? undefined);
  const [launchToken] = useState(() => (params.get('lti') ? rememberLaunchToken(location.search) : null));
  const context = useQuery({ queryKey: ltiKeys.context(launchToken ?? ''), queryFn: () => fetchLtiContext(launchToken ?? ''), enabled: Boolean(launchToken) });
  const [linked, setLinked] = useState(false);
  const signedIn = Boolean(getToken());
  const instructor = context.data?.ltiActive === true && context.data.role === 'instructor';
  useEffect(() => {
    // An instructor signed in here as the lesson's owner: their LMS account now stands for this
    // account, so the next launch opens the question editor. Someone else's lesson links nothing.
    if (!instructor || !signedIn || !videoId || !launchToken) return;
    let cancelled = false;
    fetch(`/api/videos/${videoId}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}` } })
      .then((own) => (own.ok ? linkLtiAccount(launchToken).then(() => !cancelled && setLinked(true)) : undefined))
      .catch((error: unknown) => console.warn('Could not link the LMS account', error));
    return () => {
      cancelled = true;
    };
  }, [instructor, signedIn, videoId, launchToken]);
  const origin = window.location.origin;
  const launchUrl = `${origin}/lti/launch${videoId ? `?video=${videoId}` : ''}`;

  return (
    <SimplePage>
      <div className="grid gap-6">
        <div>
          <h1 className="text-2xl font-semibold">LTI 1.3 launch{videoId ? ` of lesson ${videoId}` : ''}</h1>
          {context.data?.ltiActive ? (
            <p className="mt-2 flex items-center gap-2 text-sm" data-testid="lms-connected">
              <Badge variant="secondary">LMS connected</Badge>
              {context.data.course?.name} · {context.data.role === 'instructor' ? 'Instructor' : 'Learner'}
            </p>
          ) : (
            <p className="mt-1 text-muted-foreground">How this lesson looks when a course opens it, and what to enter in your LMS.</p>
          )}
        </div>

        {videoId ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2">What learners see</CardTitle>
              <CardDescription>The player an LMS launch opens. Their answers are graded and the score goes back to the course.</CardDescription>
            </CardHeader>
            <CardContent>
              <iframe title="Lesson preview" src={routes.embed(videoId)} className="aspect-video w-full rounded-md border" allow="autoplay; fullscreen" />
              {context.data?.role === 'instructor' && getToken() ? (
                <p className="mt-3 text-sm">
                  <Link className="underline" to={routes.editQuestions(videoId)}>
                    Edit this lesson&apos;s questions
                  </Link>
                  {linked ? (
                    <span className="ml-2 text-muted-foreground" data-testid="lti-linked">
                      Your LMS account is linked to this VeoLearn account: launching this lesson from the course opens the editor.
                    </span>
                  ) : null}
                </p>
              ) : null}
            </CardContent>
          </Card>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle as="h2">Connect your LMS</CardTitle>
            <CardDescription>
              With LTI Dynamic Registration (Moodle 4.1+, Canvas, Brightspace), paste the registration URL in your LMS&apos;s tool
              registration screen and you are done. Otherwise enter these values when adding an LTI 1.3 tool, and give your VeoLearn
              administrator the platform&apos;s issuer, client id, deployment id and endpoints.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3">
              <ConfigRow label="Registration URL" value={`${origin}/api/lti/register`} />
              <ConfigRow label="Login (OIDC initiation) URL" value={`${origin}/api/lti/login`} />
              <ConfigRow label="Redirect URL" value={`${origin}/api/lti/launch`} />
              <ConfigRow label="Public keyset (JWKS) URL" value={`${origin}/api/lti/jwks`} />
              <ConfigRow label="Target link URI" value={launchUrl} />
              {videoId ? <ConfigRow label="Custom parameter" value={`video_id=${videoId}`} /> : null}
              <ConfigRow label="Services" value="Assignment and Grade Services (scores), Deep Linking" />
            </dl>
          </CardContent>
        </Card>
      </div>
    </SimplePage>
  );
}
