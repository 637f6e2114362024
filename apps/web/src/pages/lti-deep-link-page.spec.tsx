import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import LtiDeepLinkPage from './lti-deep-link-page';
import { ROUTER_FUTURE } from '../app/routes';

function renderPage(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <LtiDeepLinkPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function jsonResponse(body: unknown, status = 200) {
  return { ok: status < 400, status, statusText: 'OK', headers: new Headers({ 'content-type': 'application/json' }), json: async () => body, text: async () => JSON.stringify(body) };
}

describe('LtiDeepLinkPage', () => {
  const fetchMock = jest.fn();
  const submit = jest.fn();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    submit.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    HTMLFormElement.prototype.submit = submit;
  });

  it("lists the instructor's lessons and posts the signed response to the LMS as a JWT form field", async () => {
    localStorage.setItem('authToken', 'session-token');
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/lti/context') return jsonResponse({ ltiActive: true, course: { name: 'Biology 101' }, role: 'instructor' });
      if (url.startsWith('/api/videos')) return jsonResponse({ items: [{ id: 5, title: 'Cells', questionCount: 3 }], total: 1 });
      if (url === '/api/lti/deep-link/response') {
        expect((init.headers as Record<string, string>)['X-LTI-Launch']).toBe('launch-1');
        expect(JSON.parse(String(init.body))).toEqual({ videoId: 5 });
        return jsonResponse({ returnUrl: 'https://lms.example/return', jwt: 'signed.jwt.value' });
      }
      return jsonResponse({}, 404);
    });
    renderPage('/lti/deep-link?lti=launch-1');
    expect(await screen.findByText('Course: Biology 101')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to course' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    const form = document.querySelector('form[action="https://lms.example/return"]') as HTMLFormElement;
    expect(form.method).toBe('post');
    expect((form.querySelector('input[name="JWT"]') as HTMLInputElement).value).toBe('signed.jwt.value');
  });

  it('asks to sign in when there is no session', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ltiActive: true, course: { name: 'Biology 101' } }));
    renderPage('/lti/deep-link?lti=launch-2');
    expect(await screen.findByText('Sign in to VeoLearn')).toBeTruthy();
  });

  it('says where the page comes from without a launch', () => {
    renderPage('/lti/deep-link');
    expect(screen.getByRole('alert').textContent).toMatch(/opens from your LMS/);
  });
});
