import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminSecurityEvent } from '../api/admin-api';
import { polyfillLayout, renderAdmin, respond, security } from '../testing/admin-fixtures';
import { SecurityTab } from './security-tab';

const event = (id: string, resolved: boolean): AdminSecurityEvent => ({
  id,
  eventType: 'login_failed',
  severity: 'warning',
  userEmail: `${id}@example.com`,
  ipAddress: '203.0.113.9',
  details: null,
  createdAt: '2026-11-26T10:00:00Z',
  resolved,
});

describe('SecurityTab', () => {
  beforeAll(polyfillLayout);
  const fetchMock = jest.fn();
  const events = new Map<string, AdminSecurityEvent>();

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'admin-token');
    events.clear();
    events.set('e1', event('e1', false));
    events.set('e2', event('e2', true));
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init: RequestInit = {}) => {
      const put = /^\/api\/admin\/security-events\/(\w+)$/.exec(url);
      if (put && init.method === 'PUT') {
        const changed = { ...(events.get(put[1]) as AdminSecurityEvent), ...(JSON.parse(String(init.body)) as { resolved: boolean }) };
        events.set(put[1], changed);
        return respond({ status: 200, body: changed });
      }
      const list = [...events.values()];
      return respond({ status: 200, body: { ...security(), totalEvents: 2, failedLogins: 2, unresolved: list.filter((e) => !e.resolved).length, events: list, total: 2 } });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const row = (email: string) => within(screen.getByText(email).closest('tr') as HTMLElement);
  const gets = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/security-events?'));

  it('marks an open event resolved and reopens a resolved one, then shows the server’s state', async () => {
    renderAdmin(<SecurityTab range="7d" />);
    expect(await screen.findByText('1 unresolved')).toBeTruthy();
    expect(gets()[0]).toBe('/api/admin/security-events?range=7d&page=1&pageSize=20');

    fireEvent.click(row('e1@example.com').getByRole('button', { name: /^Mark resolved/ }));
    await waitFor(() => expect(row('e1@example.com').getByText('Resolved')).toBeTruthy());
    expect(screen.getByText('0 unresolved')).toBeTruthy();

    fireEvent.click(row('e2@example.com').getByRole('button', { name: /^Reopen/ }));
    await waitFor(() => expect(row('e2@example.com').getByText('Open')).toBeTruthy());
    const puts = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT').map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);
    expect(puts).toEqual([
      ['/api/admin/security-events/e1', { resolved: true }],
      ['/api/admin/security-events/e2', { resolved: false }],
    ]);
  });

  it('filters by status and event type through the query string', async () => {
    renderAdmin(<SecurityTab range="30d" />);
    await screen.findByText('1 unresolved');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(gets()).toContain('/api/admin/security-events?range=30d&page=1&pageSize=20&resolved=false'));
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'lockout' } });
    await waitFor(() => expect(gets()).toContain('/api/admin/security-events?range=30d&page=1&pageSize=20&resolved=false&eventType=lockout'));
  });
});
