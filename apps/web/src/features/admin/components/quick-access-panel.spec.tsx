import { fireEvent, screen, within } from '@testing-library/react';
import { quickAccess, renderAdmin, respond, type Reply } from '../testing/admin-fixtures';
import { QuickAccessPanel } from './quick-access-panel';

describe('QuickAccessPanel', () => {
  const fetchMock = jest.fn();
  let reply: (url: string, init: RequestInit) => Reply | 'network-down';

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'admin-token');
    localStorage.setItem('isAdmin', 'true');
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init: RequestInit = {}) => {
      const answer = reply(url, init);
      return answer === 'network-down' ? Promise.reject(new TypeError('Failed to fetch')) : respond(answer);
    });
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const quickAccessCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/admin/quick-access').length;

  it("lists the 10 newest users with the spec's columns and says 'Showing 10 of N total users' when there are more", async () => {
    reply = () => ({ status: 200, body: quickAccess(37) });
    renderAdmin(<QuickAccessPanel />);
    expect(await screen.findByText('Showing 10 of 37 total users')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Recent users' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Username', 'Email', 'Status', 'Videos', 'Created']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('user37@example.com')).toBeTruthy();
    const glance = within(screen.getByLabelText('Users at a glance'));
    expect(glance.getByText('Total users').nextSibling?.textContent).toBe('37');
    expect(glance.getByText('Trial users').nextSibling?.textContent).toBe('35');
    expect(glance.getByText('Paid users').nextSibling?.textContent).toBe('2');
  });

  it('has no note with 10 users or fewer', async () => {
    reply = () => ({ status: 200, body: quickAccess(10) });
    renderAdmin(<QuickAccessPanel />);
    await screen.findByText('user10@example.com');
    expect(screen.queryByText(/Showing .* total users/)).toBeNull();
  });

  it("says 'Failed to fetch admin data' when the server fails, and Retry asks again", async () => {
    let failing = true;
    reply = () => (failing ? { status: 500, body: 'boom' } : { status: 200, body: quickAccess(3) });
    renderAdmin(<QuickAccessPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch admin data');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('user3@example.com')).toBeTruthy();
    expect(quickAccessCalls()).toBe(2);
  });

  it("says 'Network error' when nothing answers", async () => {
    reply = () => 'network-down';
    renderAdmin(<QuickAccessPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('Network error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('Refresh Data asks the server again', async () => {
    let total = 3;
    reply = () => ({ status: 200, body: quickAccess(total) });
    renderAdmin(<QuickAccessPanel />);
    await screen.findByText('user3@example.com');
    total = 4;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('user4@example.com')).toBeTruthy();
  });

  it('Logout ends the session, clears the token and the admin flag, and goes to /admin/login', async () => {
    reply = (url) => (url === '/api/auth/logout' ? { status: 200, body: { success: true } } : { status: 200, body: quickAccess(3) });
    renderAdmin(<QuickAccessPanel />);
    await screen.findByText('user3@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('isAdmin')).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect((logout?.[1]?.headers as Record<string, string>)['Authorization']).toBe('Bearer admin-token');
  });

  it('Logout still signs out locally when the server cannot be reached', async () => {
    reply = (url) => (url === '/api/auth/logout' ? 'network-down' : { status: 200, body: quickAccess(3) });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAdmin(<QuickAccessPanel />);
    await screen.findByText('user3@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('isAdmin')).toBeNull();
  });
});
