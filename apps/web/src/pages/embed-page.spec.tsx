import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { ROUTER_FUTURE } from '../app/routes';
import { ATTEMPT, PLAYBACK, XSS_TITLE, respond, type Reply } from '../features/share/testing/share-fixtures';
import EmbedPage from './embed-page';

describe('EmbedPage', () => {
  const fetchMock = jest.fn();
  let reply: (url: string) => Reply;

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string) => respond(reply(url)));
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  function renderAt(path: string) {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
          <Routes>
            <Route path="/embed/:id" element={<EmbedPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  function serve(title: string) {
    reply = (url) => {
      if (url === '/api/play/5') return { status: 200, body: { ...PLAYBACK, video: { ...PLAYBACK.video, title } } };
      if (url === '/api/play/5/attempts') return { status: 200, body: ATTEMPT };
      return { status: 404, body: '' };
    };
  }

  it('shows the player alone: no header, no links into the app, filling the frame', async () => {
    serve('Cells');
    renderAt('/embed/5');
    expect(screen.getByText('Loading video...')).toBeTruthy();
    expect(await screen.findByTestId('player')).toBeTruthy();
    const page = screen.getByTestId('embed-page');
    expect(page.className).toContain('h-dvh');
    expect(page.className).toContain('w-full');
    expect(screen.getByRole('heading', { level: 1, name: 'Cells' }).className).toContain('sr-only');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryAllByRole('link').filter((a) => /dashboard|edit-questions|\/video\//.test(a.getAttribute('href') ?? ''))).toEqual([]);
    expect(screen.queryByText('Private lesson')).toBeNull();
  });

  it('says a private or missing lesson is not found', async () => {
    reply = () => ({ status: 404, body: { statusCode: 404, message: 'Video not found' } });
    renderAt('/embed/9');
    expect(await screen.findByRole('heading', { name: 'Video not found' })).toBeTruthy();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('says a malformed id is not found without asking the server', () => {
    renderAt('/embed/abc');
    expect(screen.getByRole('heading', { name: 'Video not found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renders a hostile title as text', async () => {
    serve(XSS_TITLE);
    const { container } = renderAt('/embed/5');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(XSS_TITLE);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
