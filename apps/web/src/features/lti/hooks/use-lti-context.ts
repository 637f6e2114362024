import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchLtiContext, type LtiContext, LAUNCH_TOKEN_KEY, ltiKeys } from '../api/lti-api';

function storedLaunchToken(): string | null {
  try {
    return sessionStorage.getItem(LAUNCH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The LMS context of this tab's launch (GET /api/lti/context), or null when the tab was not launched from an LMS. */
export function useLtiContext(): LtiContext | null {
  const [token] = useState(storedLaunchToken);
  const context = useQuery({ queryKey: ltiKeys.context(token ?? ''), queryFn: () => fetchLtiContext(token ?? ''), enabled: Boolean(token), retry: false });
  return context.data?.ltiActive ? context.data : null;
}
