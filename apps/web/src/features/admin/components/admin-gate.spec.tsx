import { act, screen } from '@testing-library/react';
import { adminAuthUser, renderAdmin, respond, type Reply } from '../testing/admin-fixtures';
import { ACCESS_DENIED_TEXT, AdminGate } from './admin-gate';

describe('AdminGate', () => {
  const fetchMock = jest.fn();
  let reply: (url: string) => Reply;

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string) => respond(reply(url)));
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  afterEach(() => jest.useRealTimers());

  const serverSays = (isAdmin: boolean) => (url: string): Reply => {
    if (url === '/api/auth/validate') return { status: 200, body: { valid: true, user: { id: 7, isAdmin } } };
    if (url === '/api/auth/user') return { status: 200, body: adminAuthUser({ id: 7, username: 'teacher', isAdmin }) };
    return { status: 404, body: '' };
  };

  const gate = <AdminGate>{(user) => <p>Admin content for {user.username}</p>}</AdminGate>;

  it("tells a non-admin they have no admin permissions, then sends them to their dashboard after 2 s", async () => {
    jest.useFakeTimers();
    localStorage.setItem('authToken', 'teacher-token');
    reply = serverSays(false);
    renderAdmin(gate);
    expect((await screen.findByRole('alert')).textContent).toBe(ACCESS_DENIED_TEXT);
    expect(ACCESS_DENIED_TEXT).toBe("Access Denied: You don't have admin permissions. Redirecting to dashboard.");
    expect(screen.queryByText(/Admin content/)).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/user');

    act(() => jest.advanceTimersByTime(1900));
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByTestId('where').textContent).toBe('/user-dashboard');
    // Being refused the admin area does not sign the teacher out.
    expect(localStorage.getItem('authToken')).toBe('teacher-token');
  });

  it('sends a signed-out visitor to sign-in without asking the server', async () => {
    reply = serverSays(true);
    renderAdmin(gate);
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/signin');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor whose session the server refuses to sign-in and forgets the token', async () => {
    localStorage.setItem('authToken', 'expired');
    reply = (url) => (url === '/api/auth/validate' ? { status: 401, body: { message: 'Unauthorized' } } : { status: 404, body: '' });
    renderAdmin(gate);
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/signin');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows an admin the admin area', async () => {
    localStorage.setItem('authToken', 'admin-token');
    reply = serverSays(true);
    renderAdmin(gate);
    expect(await screen.findByText('Admin content for teacher')).toBeTruthy();
    expect(screen.queryByText(ACCESS_DENIED_TEXT)).toBeNull();
  });
});
