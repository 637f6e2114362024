import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FixedCostSettings } from '../api/admin-api';
import { polyfillLayout, renderAdmin, respond, type Reply } from '../testing/admin-fixtures';
import { FixedCostsForm } from './fixed-costs-form';

const SETTINGS: FixedCostSettings = {
  items: [{ id: 'c1', name: 'Servers', category: 'hosting', monthlyAmount: 120, currency: 'AUD' }],
  usdToAud: 1.5,
  updatedAt: '2026-11-01T00:00:00Z',
};

describe('FixedCostsForm', () => {
  beforeAll(polyfillLayout);
  const fetchMock = jest.fn();

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'admin-token');
    fetchMock.mockReset();
    fetchMock.mockImplementation((_url: string, init: RequestInit = {}): Promise<Response> => {
      const body = JSON.parse(String(init.body)) as { items: { name: string; category: 'hosting' | 'others'; monthlyAmount: number }[]; usdToAud: number };
      const saved: Reply = {
        status: 200,
        body: { items: body.items.map((item, i) => ({ ...item, id: `n${i}`, currency: 'AUD' })), usdToAud: body.usdToAud, updatedAt: '2026-11-27T09:00:00Z' },
      };
      return respond(saved);
    });
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const puts = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/admin/settings/costs' && init?.method === 'PUT');

  it('refuses to save a blank name, a negative amount or a zero rate, and says why next to each field', async () => {
    renderAdmin(<FixedCostsForm settings={SETTINGS} />, '/admin/site');
    fireEvent.click(screen.getByRole('button', { name: 'Add cost' }));
    const names = screen.getAllByLabelText('Name');
    const amounts = screen.getAllByLabelText('Monthly amount (AUD)');
    fireEvent.change(names[1], { target: { value: '   ' } });
    fireEvent.change(amounts[1], { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText('USD → AUD rate'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the highlighted fields.');
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    expect(screen.getByText('Enter an amount of 0 or more.')).toBeTruthy();
    expect(screen.getByText('Enter how many AUD one USD buys (above 0).')).toBeTruthy();
    expect(names[1].getAttribute('aria-invalid')).toBe('true');
    expect(names[1].getAttribute('aria-describedby')).toBeTruthy();
    expect(names[0].getAttribute('aria-invalid')).toBe('false');
    expect(puts()).toHaveLength(0);
  });

  it('saves the rows and the rate once they are valid, and a removed row is gone', async () => {
    renderAdmin(<FixedCostsForm settings={SETTINGS} />, '/admin/site');
    fireEvent.click(screen.getByRole('button', { name: 'Add cost' }));
    fireEvent.change(screen.getAllByLabelText('Name')[1], { target: { value: 'Email service' } });
    fireEvent.change(screen.getAllByLabelText('Monthly amount (AUD)')[1], { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Servers' }));
    fireEvent.change(screen.getByLabelText('USD → AUD rate'), { target: { value: '1.55' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Fixed costs saved')).toBeTruthy();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0][1].body))).toEqual({ items: [{ name: 'Email service', category: 'hosting', monthlyAmount: 12.5 }], usdToAud: 1.55 });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
