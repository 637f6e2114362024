import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRange } from '../api/admin-api';
import {
  adminAuthUser,
  adminUser,
  analytics,
  costs,
  polyfillLayout,
  quickAccess,
  renderAdmin,
  respond,
  security,
  subscriptions,
  usersPage,
  type Reply,
} from '../testing/admin-fixtures';
import AdminDashboard from './admin-dashboard';

describe('AdminDashboard', () => {
  beforeAll(polyfillLayout);

  const fetchMock = jest.fn();
  const CSV: Reply = { status: 200, body: 'id,email\n1,a@example.com\n', headers: { 'Content-Disposition': 'attachment; filename="veolearn-users-2026-11-27.csv"' } };
  let exportReply = CSV;

  function reply(url: string): Reply {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const range = (searchParams.get('range') ?? '30d') as AdminRange;
    switch (pathname) {
      case '/api/admin/analytics':
        return { status: 200, body: analytics(range) };
      case '/api/admin/costs':
        return { status: 200, body: costs(range) };
      case '/api/admin/subscriptions':
        return { status: 200, body: subscriptions(range) };
      case '/api/admin/quick-access':
        return { status: 200, body: quickAccess(3) };
      case '/api/admin/users':
        return { status: 200, body: usersPage([adminUser(1, { username: 'root', role: 'Admin', isAdmin: true }), adminUser(2)]) };
      case '/api/admin/security-events':
        return { status: 200, body: security() };
      case '/api/admin/export/users':
        return exportReply;
      default:
        return { status: 404, body: '' };
    }
  }

  const saved: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'admin-token');
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string) => respond(reply(url)));
    global.fetch = fetchMock as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    saved.length = 0;
    exportReply = CSV;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const calls = (path: string) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(path));
  const summary = () => within(screen.getByRole('region', { name: 'Summary' }));

  it('shows the four summary cards with how each figure is computed, and the users with their role', async () => {
    renderAdmin(<AdminDashboard user={adminAuthUser()} />);
    expect(await summary().findByText('42')).toBeTruthy();
    expect(summary().getByText('+12 new this period')).toBeTruthy();
    expect(summary().getByText('Accounts that exist at the end of the range.')).toBeTruthy();
    expect(summary().getByText('$700.00 AUD')).toBeTruthy();
    expect(summary().getByText('3 active subscriptions')).toBeTruthy();
    expect(summary().getByText('$150.00 AUD')).toBeTruthy();
    // The API's margin (profit over revenue), not the spec's "revenue × 1.5 − costs".
    expect(summary().getByText('75%')).toBeTruthy();
    expect(summary().getByText('Profit over revenue: (revenue − costs) ÷ revenue.')).toBeTruthy();
    const users = await screen.findByRole('table', { name: 'Users' });
    expect(within(users).getByText('root').closest('tr')?.textContent).toContain('Admin');
    expect(within(users).getByText('user2').closest('tr')?.textContent).toContain('User');
    expect(screen.getByRole('link', { name: 'Site Admin' }).getAttribute('href')).toBe('/admin/site');
  });

  it('asks for the figures of the range chosen (30 days first, then 7 days)', async () => {
    renderAdmin(<AdminDashboard user={adminAuthUser()} />);
    await summary().findByText('+12 new this period');
    expect(calls('/api/admin/analytics')).toEqual(['/api/admin/analytics?range=30d']);
    expect(calls('/api/admin/costs')).toEqual(['/api/admin/costs?range=30d']);

    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Time range' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));

    expect(await summary().findByText('+3 new this period')).toBeTruthy();
    expect(calls('/api/admin/analytics')).toEqual(['/api/admin/analytics?range=30d', '/api/admin/analytics?range=7d']);
    expect(calls('/api/admin/costs')).toContain('/api/admin/costs?range=7d');
    expect(calls('/api/admin/subscriptions')).toContain('/api/admin/subscriptions?range=7d');
  });

  it('Refresh asks for every figure again', async () => {
    renderAdmin(<AdminDashboard user={adminAuthUser()} />);
    await summary().findByText('+12 new this period');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls('/api/admin/analytics')).toHaveLength(2));
    await waitFor(() => expect(calls('/api/admin/quick-access')).toHaveLength(2));
    await waitFor(() => expect(calls('/api/admin/users')).toHaveLength(2));
  });

  it("Export Users saves the server's CSV under the server's name and says 'Export Complete'", async () => {
    renderAdmin(<AdminDashboard user={adminAuthUser()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export Users' }));
    expect(await screen.findByText('Export Complete')).toBeTruthy();
    expect(saved).toEqual(['veolearn-users-2026-11-27.csv']);
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/admin/export/users')) as [string, RequestInit];
    expect(url).toBe('/api/admin/export/users?timeRange=30d');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer admin-token');
  });

  it("says 'Export Failed' when the export fails, and saves nothing", async () => {
    exportReply = { status: 500, body: 'boom' };
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAdmin(<AdminDashboard user={adminAuthUser()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export Users' }));
    expect(await screen.findByText('Export Failed')).toBeTruthy();
    expect(screen.getByText('Failed to export data. Please try again.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('hides Site Admin from an admin not named admin', async () => {
    renderAdmin(<AdminDashboard user={adminAuthUser({ username: 'ops' })} />);
    await summary().findByText('42');
    expect(screen.queryByRole('link', { name: 'Site Admin' })).toBeNull();
  });
});
