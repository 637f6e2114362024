import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import LtiLaunchPage from './lti-launch-page';
import { ROUTER_FUTURE } from '../app/routes';

function renderPage(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <LtiLaunchPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LtiLaunchPage', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it("previews the lesson's launch and lists the values a teacher enters in the LMS", () => {
    renderPage('/lti/launch?video=5');
    expect(screen.getByRole('heading', { name: 'LTI 1.3 launch of lesson 5' })).toBeTruthy();
    expect(screen.getByTitle('Lesson preview').getAttribute('src')).toBe('/embed/5');
    expect(screen.getByLabelText('Login (OIDC initiation) URL').textContent).toBe('http://localhost/api/lti/login');
    expect(screen.getByLabelText('Redirect URL').textContent).toBe('http://localhost/api/lti/launch');
    expect(screen.getByLabelText('Public keyset (JWKS) URL').textContent).toBe('http://localhost/api/lti/jwks');
    expect(screen.getByLabelText('Registration URL').textContent).toBe('http://localhost/api/lti/register');
    expect(screen.getByLabelText('Target link URI').textContent).toBe('http://localhost/lti/launch?video=5');
    expect(screen.getByLabelText('Custom parameter').textContent).toBe('video_id=5');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the course of an instructor's launch", async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ ltiActive: true, course: { name: 'Biology 101' }, role: 'instructor', videoId: 5 }) });
    renderPage('/lti/launch?video=5&lti=launch-token');
    expect((await screen.findByTestId('lms-connected')).textContent).toMatch(/LMS connected.*Biology 101 · Instructor/);
    expect(((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers as Record<string, string>)['X-LTI-Launch']).toBe('launch-token');
  });

  it("links the instructor's LMS account when the signed-in user owns the launched lesson", async () => {
    localStorage.setItem('authToken', 'owner-token');
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/lti/context') return { ok: true, status: 200, json: async () => ({ ltiActive: true, course: { name: 'Biology 101' }, role: 'instructor', videoId: 5 }) };
      if (url === '/api/videos/5') return { ok: true, status: 200, json: async () => ({ id: 5 }) };
      if (url === '/api/lti/link') return { ok: true, status: 200, json: async () => ({ id: 'link-1', userId: 3 }) };
      throw new Error(`unexpected ${url}`);
    });
    renderPage('/lti/launch?video=5&lti=launch-token');
    expect((await screen.findByTestId('lti-linked', {}, { timeout: 5000 })).textContent).toMatch(/linked/);
    const link = fetchMock.mock.calls.find(([url]) => url === '/api/lti/link') as [string, RequestInit];
    expect(link[1].method).toBe('POST');
    expect((link[1].headers as Record<string, string>)['X-LTI-Launch']).toBe('launch-token');
    localStorage.clear();
  });

  it("links nothing for someone else's lesson", async () => {
    localStorage.setItem('authToken', 'other-token');
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/lti/context') return { ok: true, status: 200, json: async () => ({ ltiActive: true, course: { name: 'Biology 101' }, role: 'instructor', videoId: 5 }) };
      if (url === '/api/videos/5') return { ok: false, status: 404, statusText: 'Not Found', text: async () => '' };
      throw new Error(`unexpected ${url}`);
    });
    renderPage('/lti/launch?video=5&lti=launch-token');
    await screen.findByTestId('lms-connected', {}, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/lti/link');
    expect(screen.queryByTestId('lti-linked')).toBeNull();
    localStorage.clear();
  });
});
