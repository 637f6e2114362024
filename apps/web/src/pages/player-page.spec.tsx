import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { ROUTER_FUTURE } from '../app/routes';
import PlayerPage, { type PlayerVariant } from './player-page';

const LEARNER_KEY = 'veolearn-learner-id';

const PLAYBACK = {
  video: {
    id: 5,
    title: '',
    type: 'youtube',
    duration: 120,
    status: 'ready',
    url: 'manual-transcript',
    youtubeId: null,
    thumbnailUrl: null,
    skippingMode: 'free',
    requireCorrect: false,
    hasCaptions: false,
    mediaUrl: null,
    captionsUrl: '/api/videos/5/captions.vtt',
    published: true,
  },
  questions: [
    {
      id: 41,
      type: 'single_choice',
      question: 'What does the mitochondrion produce for the cell, mostly?',
      options: ['ATP', 'DNA'],
      timestamp: 75,
      topicTitle: 'Cells',
      topicStartTime: 60,
    },
  ],
};

const ATTEMPT = {
  id: '6f1c1a52-3d47-4a43-9d7e-9a3f3f1f5a10',
  videoId: 5,
  status: 'in_progress',
  startedAt: '2025-01-01T00:00:00.000Z',
  completedAt: null,
  lastPosition: 0,
  watchTimeSeconds: 0,
  totalQuestions: 1,
  answeredCount: 0,
  correctCount: 0,
  skippedCount: 0,
  score: 0,
  skippingMode: 'free',
  requireCorrect: false,
  maxAllowedPosition: null,
  answers: [],
};

function response(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status < 400, status, statusText: String(status), text: () => Promise.resolve(text) } as Response;
}

function renderAt(path: string, variant: PlayerVariant = 'play') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <Routes>
          <Route path="/play/:id" element={<PlayerPage variant={variant} />} />
          <Route path="/player/:id" element={<PlayerPage variant={variant} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PlayerPage', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('says a malformed id is not found, without asking the server', () => {
    renderAt('/play/abc');
    expect(screen.getByRole('heading', { name: 'Video not found' })).toBeTruthy();
    expect(screen.getByText("The video you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByText('Requested ID: abc')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Video 234' }).getAttribute('href')).toBe('/play/234');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Loading video..." while the video loads, then "Video not found" for a 404', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/play/77');
    expect(screen.getByText('Loading video...')).toBeTruthy();
    answer(response(404, { statusCode: 404, message: 'Video not found' }));
    expect(await screen.findByRole('heading', { name: 'Video not found' })).toBeTruthy();
    expect(screen.getByText('Requested ID: 77')).toBeTruthy();
  });

  it('offers a retry when the server fails', async () => {
    fetchMock.mockResolvedValue(response(503, { statusCode: 503, message: 'The video service is not answering.' }));
    renderAt('/play/5');
    // One retry after a second, then the error.
    expect(await screen.findByText('The video could not be loaded', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('The video service is not answering.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('/play: header with "Video {id}" for an untitled video, the id and question count, and the manager toggle', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      // The lesson's owner: the question manager is theirs only.
      if (url === '/api/play/5') return Promise.resolve(response(200, { ...PLAYBACK, viewerIsOwner: true }));
      if (url === '/api/play/5/attempts' && init?.method === 'POST') return Promise.resolve(response(200, ATTEMPT));
      if (url.endsWith('/captions.vtt')) return Promise.resolve(response(404, ''));
      return Promise.resolve(response(404, ''));
    });
    renderAt('/play/5');
    expect(await screen.findByRole('heading', { name: 'Video 5' })).toBeTruthy();
    expect(screen.getByText('Video ID: 5 · 1 question')).toBeTruthy();
    // No playable source: said plainly, never a hanging spinner.
    expect(await screen.findByText('Video source not available')).toBeTruthy();
    expect(screen.getByTestId('questions-completed').textContent).toBe('0 of 1 questions completed');

    // The learner id was created and sent.
    const learnerId = localStorage.getItem(LEARNER_KEY);
    expect(learnerId).toMatch(/^[0-9a-f-]{36}$/);
    const start = fetchMock.mock.calls.find(([url]) => url === '/api/play/5/attempts');
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({ learnerId });

    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Question Manager' }));
    const manager = screen.getByTestId('question-manager');
    const item = within(manager).getByRole('listitem');
    expect(item.textContent).toContain('What does the mitochondrion produce for…');
    expect(item.textContent).toContain('1:15');
    expect(item.textContent).toContain('Single choice');
    expect(item.textContent).toContain('0 attempts');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Question Manager' }));
    expect(screen.queryByTestId('question-manager')).toBeNull();
  });

  it('/play for a learner (not the owner): no question manager and no dashboard link, and no captions asked for a lesson without', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/play/5') return Promise.resolve(response(200, { ...PLAYBACK, viewerIsOwner: false }));
      if (url === '/api/play/5/attempts' && init?.method === 'POST') return Promise.resolve(response(200, ATTEMPT));
      return Promise.resolve(response(404, ''));
    });
    renderAt('/play/5');
    expect(await screen.findByRole('heading', { name: 'Video 5' })).toBeTruthy();
    expect(await screen.findByText('Video source not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Question Manager/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Back to Dashboard/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('captions.vtt'))).toBe(false);
  });

  it('/player: no question manager', async () => {
    fetchMock.mockImplementation((url: string) => {
      if (url === '/api/play/5') return Promise.resolve(response(200, { ...PLAYBACK, video: { ...PLAYBACK.video, title: 'Cells' } }));
      if (url === '/api/play/5/attempts') return Promise.resolve(response(200, ATTEMPT));
      return Promise.resolve(response(404, ''));
    });
    renderAt('/player/5', 'player');
    expect(await screen.findByRole('heading', { name: 'Cells' })).toBeTruthy();
    expect(await screen.findByTestId('player')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Question Manager/ })).toBeNull();
    expect(screen.queryByText('Private lesson')).toBeNull();
  });

  it("tells the owner of a private lesson that learners can't open it yet, reads its signed captions link, and shares it", async () => {
    const signed = '/api/videos/5/captions.vtt?access=123.abc';
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/play/5') return Promise.resolve(response(200, { ...PLAYBACK, viewerIsOwner: true, video: { ...PLAYBACK.video, published: false, hasCaptions: true, captionsUrl: signed } }));
      if (url === '/api/play/5/attempts') return Promise.resolve(response(200, ATTEMPT));
      if (url === '/api/videos/5/sharing' && init?.method === 'PUT') return Promise.resolve(response(200, { id: 5, published: true }));
      return Promise.resolve(response(404, ''));
    });
    renderAt('/player/5', 'player');
    expect(await screen.findByText('Private lesson')).toBeTruthy();
    expect(screen.getByText('Only you can play it. Learners see “Video not found” until you share it.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === signed)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Share by link' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/videos/5/sharing' && init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ published: true });
    });
    expect(await screen.findByText('Shared by link')).toBeTruthy();
  });
});
