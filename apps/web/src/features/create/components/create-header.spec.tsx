import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { ROUTER_FUTURE } from '../../../app/routes';
import { CreateHeader } from './create-header';

function renderHeader() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter future={ROUTER_FUTURE}>
        <CreateHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CreateHeader', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('shows the LMS connected badge while an LTI context is active', async () => {
    sessionStorage.setItem('ltiLaunch', 'launch-token');
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ ltiActive: true, course: { name: 'Biology 101' } }) });
    renderHeader();
    expect((await screen.findByText('LMS connected')).getAttribute('title')).toBe('Biology 101');
  });

  it('shows no badge without a launch', () => {
    renderHeader();
    expect(screen.queryByText('LMS connected')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
