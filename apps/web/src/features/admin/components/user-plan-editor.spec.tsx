import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminUser, polyfillLayout, renderAdmin, respond, usersPage } from '../testing/admin-fixtures';
import { UserPlanEditor } from './user-plan-editor';

describe('UserPlanEditor', () => {
  beforeAll(polyfillLayout);
  const fetchMock = jest.fn();

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'admin-token');
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') return respond({ status: 200, body: { id: 8, email: 'grace@example.com' } });
      return respond({ status: 200, body: usersPage([adminUser(8, { username: 'grace', email: 'grace@example.com' })]) });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

  it('finds a user by e-mail and sends only what the admin changed', async () => {
    renderAdmin(<UserPlanEditor />, '/admin/site');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: ' grace@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit grace' }));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/admin/users?page=1&pageSize=10&search=grace%40example.com');

    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Plan' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Pro' }));
    fireEvent.click(save);

    expect(await screen.findByText('Subscription updated')).toBeTruthy();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0][0]).toBe('/api/admin/users/8/subscription');
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({ plan: 'pro' });
  });
});
