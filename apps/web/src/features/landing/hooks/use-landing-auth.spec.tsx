import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '../../../app/routes';
import { getToken, setToken } from '../../../lib/session-client';
import { respond } from '../../share/testing/share-fixtures';
import { useLandingAuth } from './use-landing-auth';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/']} future={ROUTER_FUTURE}>
    {children}
  </MemoryRouter>
);

/** GET /api/auth/validate answers `status` with `body`. */
function validateAnswers(status: number, body: unknown) {
  const fetchMock = jest.fn(() => respond({ status, body }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('useLandingAuth: which answers sign the browser out', () => {
  const realFetch = global.fetch;
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    global.fetch = realFetch;
    jest.restoreAllMocks();
  });

  it.each([
    ['a refused session (401)', 401, { statusCode: 401, message: 'Invalid session token. Please sign in again.' }],
    ['a token reported invalid', 200, { valid: false }],
  ])('clears the stored token for %s', async (_name, status, body) => {
    setToken('stored-token');
    const fetchMock = validateAnswers(status, body);
    const { result } = renderHook(() => useLandingAuth(), { wrapper });
    await waitFor(() => expect(result.current.signedIn).toBe(false));
    expect(fetchMock).toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('keeps the token when the auth service does not answer (503): a blip must not sign anyone out', async () => {
    setToken('stored-token');
    const fetchMock = validateAnswers(503, { statusCode: 503, message: 'The auth service is not answering. Try again in a moment.' });
    const { result } = renderHook(() => useLandingAuth(), { wrapper });
    await waitFor(() => expect(result.current.signedIn).toBe(false));
    expect(fetchMock).toHaveBeenCalled();
    expect(getToken()).toBe('stored-token');
  });
});
