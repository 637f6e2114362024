import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/layout/page-loader';
import { setToken } from '../../lib/session-client';
import { exchangeLtiCode, rememberLaunchToken } from './api/lti-api';

/**
 * An instructor's LTI launch of their own lesson arrives with `?lti_code=`: a one-time code this page
 * exchanges for the session token (stored like any sign-in, no cookie needed in the LMS's frame),
 * then shows `children`. A code that does not work shows a message only, nothing of whoever may be
 * signed in here (the page may be inside another site's frame).
 */
export function LtiCodeGate({ children }: { children: ReactNode }): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(location.search).get('lti_code');
  const [state, setState] = useState<'ready' | 'exchanging' | 'failed'>(code ? 'exchanging' : 'ready');
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    // StrictMode runs effects twice in development; the code works only once.
    started.current = true;
    rememberLaunchToken(location.search);
    exchangeLtiCode(code)
      .then(({ token }) => {
        // Kept like any sign-in; in a frame whose storage the browser blocks, for this page only.
        setToken(token);
        const params = new URLSearchParams(location.search);
        params.delete('lti_code');
        const rest = params.toString();
        navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('Could not sign in from the LMS launch', error);
        setState('failed');
      });
  }, [code, location.pathname, location.search, navigate]);

  if (state === 'failed') {
    return (
      <main className="flex min-h-screen items-center justify-center p-6 text-center" role="alert">
        The sign-in from your LMS expired or was already used. Open the lesson again from your course.
      </main>
    );
  }
  if (state === 'exchanging') {
    return (
      <main className="flex min-h-screen items-center justify-center">
        <PageLoader label="Signing you in from your LMS..." />
      </main>
    );
  }
  return children;
}
