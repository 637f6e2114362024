import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAdmin, respond, type Reply } from '../features/admin/testing/admin-fixtures';
import AdminLoginPage, { NOT_ADMIN_TEXT } from './admin-login-page';

describe('AdminLoginPage', () => {
  const fetchMock = jest.fn();
  let reply: (url: string) => Reply;

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string) => respond(reply(url)));
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  function signInWith(email: string, password: string) {
    renderAdmin(<AdminLoginPage />, '/admin/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('keeps an admin signed in with the admin flag and opens /admin', async () => {
    reply = (url) => (url === '/api/auth/signin' ? { status: 200, body: { token: 'admin-token', user: { id: 1, isAdmin: true } } } : { status: 404, body: '' });
    signInWith('admin@example.com', 'secret password');
    expect((await screen.findByTestId('where')).textContent).toBe('/admin');
    expect(localStorage.getItem('authToken')).toBe('admin-token');
    expect(localStorage.getItem('isAdmin')).toBe('true');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ username: 'admin@example.com', password: 'secret password' });
  });

  it('tells a non-admin so, keeps no token and ends that session on the server', async () => {
    reply = (url) => (url === '/api/auth/signin' ? { status: 200, body: { token: 'teacher-token', user: { id: 2, isAdmin: false } } } : { status: 200, body: { success: true } });
    signInWith('teacher@example.com', 'secret password');
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_ADMIN_TEXT);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('isAdmin')).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/logout'));
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect((logout?.[1]?.headers as Record<string, string>)['Authorization']).toBe('Bearer teacher-token');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it("shows the spec's sign-in errors", async () => {
    reply = () => ({ status: 401, body: { message: 'Unauthorized' } });
    signInWith('admin@example.com', 'wrong');
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy();
    expect(screen.getByText('Sign in failed')).toBeTruthy();
  });

  it("asks for both fields before calling the server", async () => {
    reply = () => ({ status: 500, body: '' });
    signInWith('admin@example.com', '');
    expect(await screen.findByText('Please fill in all fields')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
