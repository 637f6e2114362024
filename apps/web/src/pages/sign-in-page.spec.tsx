import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import SignInPage from './sign-in-page';
import { ROUTER_FUTURE } from '../app/routes';

function renderPage(path = '/auth/signin') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <SignInPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('SignInPage', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('labels its fields and asks for missing information without calling the server', async () => {
    renderPage();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Missing information')).toBeTruthy();
    expect(screen.getByText('Please fill in all fields')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the mapped message when the credentials are rejected', async () => {
    fetchMock.mockResolvedValue({
      ok: false,
      status: 401,
      statusText: 'Unauthorized',
      text: async () => '{"statusCode":401,"message":"Invalid credentials","error":"Unauthorized"}',
    });
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy();
    expect(screen.getByText('Sign in failed')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/signin');
    expect(JSON.parse(init.body)).toEqual({ username: 'a@example.com', password: 'wrong-password' });
  });

  it('explains an OAuth failure', () => {
    renderPage('/auth/signin?error=oauth_failed');
    expect(screen.getByRole('alert').textContent).toMatch(/Google sign-in did not complete/);
  });
});
