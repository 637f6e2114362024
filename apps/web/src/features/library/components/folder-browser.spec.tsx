import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { Toaster } from '../../../components/ui/toaster';
import { ROUTER_FUTURE } from '../../../app/routes';
import { FolderBrowser } from './folder-browser';

type Reply = { status: number; body: unknown };

function respond({ status, body }: Reply) {
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
  });
}

const VIDEO = {
  id: 7,
  title: 'Photosynthesis',
  type: 'youtube',
  duration: 125,
  status: 'ready',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  youtubeId: 'dQw4w9WgXcQ',
  filename: null,
  thumbnailUrl: null,
  createdAt: '2026-01-02T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
  folder: null,
  questionCount: 3,
};

describe('FolderBrowser', () => {
  const fetchMock = jest.fn();
  let routesReply: (url: string, init: RequestInit) => Reply;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'token');
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init: RequestInit) => respond(routesReply(url, init)));
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  function renderBrowser() {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/user-dashboard']} future={ROUTER_FUTURE}>
          <FolderBrowser />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
  }

  it("shows 'Sign In Required' when the library answers 401, without ending the session", async () => {
    routesReply = () => ({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
    renderBrowser();
    expect(await screen.findByText('Sign In Required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/signin');
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/auth/signup');
    expect(localStorage.getItem('authToken')).toBe('token');
  });

  it("shows 'This folder is empty' for an empty library", async () => {
    routesReply = (url) => (url.startsWith('/api/videos') ? { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } } : { status: 200, body: [] });
    renderBrowser();
    expect(await screen.findByText('This folder is empty')).toBeTruthy();
    expect(screen.getByText('Video Projects')).toBeTruthy();
    expect(screen.getByRole('link', { name: /New Video/ }).getAttribute('href')).toBe('/create');
  });

  it('shows an error card with Retry when the library cannot be loaded', async () => {
    let fail = true;
    routesReply = (url) => {
      if (fail) return { status: 500, body: { statusCode: 500, message: 'The video service is unavailable' } };
      return url.startsWith('/api/videos') ? { status: 200, body: { items: [VIDEO], total: 1, page: 1, pageSize: 100 } } : { status: 200, body: [] };
    };
    renderBrowser();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The video service is unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Photosynthesis')).toBeTruthy();
    expect(screen.getByText('3 questions')).toBeTruthy();
    expect(screen.getAllByText('2:05').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Play Photosynthesis' }).getAttribute('href')).toBe('/play/7');
    expect(screen.getByRole('link', { name: 'Edit questions of Photosynthesis' }).getAttribute('href')).toBe('/edit-questions/7');
  });

  it("shows an upload's poster frame as its thumbnail, and YouTube's thumbnail for a YouTube video", async () => {
    const upload = {
      ...VIDEO,
      id: 8,
      title: 'Lab safety',
      type: 'upload',
      youtubeId: null,
      url: '/api/media/8',
      mediaUrl: '/api/media/8?access=1.sig',
      posterUrl: '/api/media/8/poster?access=1.sig',
    };
    const youtube = { ...VIDEO, thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', posterUrl: null };
    const plain = { ...VIDEO, id: 9, title: 'No poster', type: 'upload', youtubeId: null, mediaUrl: '/api/media/9', posterUrl: null };
    routesReply = (url) =>
      url.startsWith('/api/videos') ? { status: 200, body: { items: [upload, youtube, plain], total: 3, page: 1, pageSize: 100 } } : { status: 200, body: [] };
    const { container } = renderBrowser();
    await screen.findByText('Lab safety');
    const sources = Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual(expect.arrayContaining(['/api/media/8/poster?access=1.sig', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg']));
    expect(sources).toHaveLength(2);
  });

  it("keeps 'Create Folder' disabled until the trimmed name has text, and sends the chosen colour", async () => {
    routesReply = (url, init) => {
      if (init.method === 'POST') return { status: 201, body: { id: 1, name: 'Maths', parentId: null, color: '#EC4899', icon: 'folder', createdAt: '', videoCount: 0, folderCount: 0 } };
      return url.startsWith('/api/videos') ? { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } } : { status: 200, body: [] };
    };
    renderBrowser();
    await screen.findByText('This folder is empty');
    fireEvent.click(screen.getByRole('button', { name: 'New Folder' }));
    const create = await screen.findByRole('button', { name: 'Create Folder' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: '   ' } });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: 'Blue' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: '  Maths ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pink' }));
    fireEvent.click(create);
    expect(await screen.findByText('Folder created')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(JSON.parse(post[1].body)).toEqual({ name: 'Maths', parentId: null, color: '#EC4899', icon: 'folder' });
  });
});
