import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTER_FUTURE } from '../../app/routes';
import { getToken } from '../../lib/session-client';
import { LtiCodeGate } from './lti-code-gate';

function Where() {
  const location = useLocation();
  return <p data-testid="editor">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <Routes>
        <Route
          path="/edit-questions/:id"
          element={
            <LtiCodeGate>
              <Where />
            </LtiCodeGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LtiCodeGate', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('shows the page as it is without a code', () => {
    renderAt('/edit-questions/5');
    expect(screen.getByTestId('editor').textContent).toBe('/edit-questions/5');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("exchanges an instructor launch's code for the session token, keeps it like a sign-in and drops the code from the URL", async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ token: 'session-token' }) });
    renderAt('/edit-questions/5?lti=launch-token&lti_code=one-time-code');
    await waitFor(() => expect(screen.getByTestId('editor').textContent).toBe('/edit-questions/5?lti=launch-token'), { timeout: 5000 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/lti/session');
    expect(JSON.parse(init.body as string)).toEqual({ code: 'one-time-code' });
    expect(getToken()).toBe('session-token');
    expect(sessionStorage.getItem('ltiLaunch')).toBe('launch-token');
  });

  it('shows only a message when the code does not work, whoever is signed in here', async () => {
    localStorage.setItem('authToken', 'someone-signed-in');
    fetchMock.mockResolvedValue({ ok: false, status: 400, statusText: 'Bad Request', text: async () => 'expired' });
    renderAt('/edit-questions/5?lti_code=used-code');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(/expired or was already used/);
    expect(screen.queryByTestId('editor')).toBeNull();
    expect(getToken()).toBe('someone-signed-in');
  });
});
