import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { ROUTER_FUTURE } from '../app/routes';
import { ATTEMPT, EMBED_RESULT, OWNER_VIDEO, PLAYBACK, USER, XSS_TITLE, respond, type Reply } from '../features/share/testing/share-fixtures';
import SharePage from './share-page';

const LTI13 = '{"title":"VeoLearn","target_link_uri":"http://localhost/lti/launch?video=5"}';
const LTI11 = '<?xml version="1.0"?><cartridge_basiclti_link/>';

describe('SharePage', () => {
  const fetchMock = jest.fn();
  const writeText = jest.fn();
  const createObjectURL = jest.fn(() => 'blob:veolearn');
  let reply: (url: string, init: RequestInit) => Reply | undefined;

  function calls(method: string, url: string) {
    return fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);
  }

  /** The owner's answers; `reply` may override any of them. */
  function serve(url: string, init: RequestInit = {}): Reply {
    const method = init.method ?? 'GET';
    const custom = reply(url, init);
    if (custom) return custom;
    if (url === '/api/auth/validate') return { status: 200, body: { valid: true } };
    if (url === '/api/auth/user') return { status: 200, body: USER };
    if (url === '/api/videos/5' && method === 'GET') return { status: 200, body: OWNER_VIDEO };
    if (url === '/api/play/5') return { status: 200, body: PLAYBACK };
    if (url === '/api/play/5/attempts') return { status: 200, body: ATTEMPT };
    if (url === '/api/videos/5/export') return { status: 200, body: EMBED_RESULT };
    if (url === '/api/videos/5/lti-config?version=1.3') return { status: 200, body: LTI13 };
    if (url === '/api/videos/5/lti-config?version=1.1') return { status: 200, body: LTI11 };
    if (url === '/api/videos/5/lti-grades') return { status: 200, body: [] };
    if (url === '/api/videos/5/sharing') return { status: 200, body: { ...OWNER_VIDEO, published: true } };
    return { status: 404, body: { statusCode: 404, message: 'Not found' } };
  }

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'owner-token');
    reply = () => undefined;
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init?: RequestInit) => respond(serve(url, init)));
    global.fetch = fetchMock as unknown as typeof fetch;
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = jest.fn();
  });

  afterEach(() => jest.useRealTimers());

  function renderAt(path = '/video/5') {
    const client = createQueryClient();
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
          <Routes>
            <Route path="/video/:id" element={<SharePage />} />
            <Route path="/auth/signin" element={<p>Sign-in page</p>} />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
  }

  it('sends a signed-out visitor to sign-in', async () => {
    localStorage.clear();
    renderAt();
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/videos/5')).toBe(false);
  });

  it("says 'Video Not Found' for a video that is not the owner's, with a way home", async () => {
    reply = (url) => (url === '/api/videos/9' ? { status: 404, body: { statusCode: 404, message: 'Video not found' } } : undefined);
    renderAt('/video/9');
    expect(screen.getByText('Loading video...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Video Not Found' })).toBeTruthy();
    expect(screen.getByText("The video you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(calls('GET', '/api/videos/9')).toHaveLength(1);
  });

  it('shows every card of the share page', async () => {
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Share Interactive Video' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Video Projects/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText('Shared by link')).toBeTruthy();
    // The interactive preview is the real player.
    expect(await screen.findByTestId('player')).toBeTruthy();
    // VR card.
    expect(screen.getByTestId('vr-question-count').textContent).toBe('1 question');
    const vr = screen.getByRole('link', { name: /Launch VR Experience/ });
    expect(vr.getAttribute('href')).toBe('/vr/5');
    expect(vr.getAttribute('target')).toBe('_blank');
    // Share URLs.
    const origin = window.location.origin;
    expect((screen.getByLabelText('Share URL') as HTMLInputElement).value).toBe(`${origin}/video/5`);
    expect((screen.getByLabelText('Player URL') as HTMLInputElement).value).toBe(`${origin}/player/5`);
    expect((screen.getByLabelText('Embed URL') as HTMLInputElement).value).toBe(`${origin}/embed/5`);
    expect(screen.getByRole('link', { name: /Start Interactive Session/ }).getAttribute('href')).toBe('/player/5');
    expect(screen.getByRole('link', { name: /Edit Questions/ }).getAttribute('href')).toBe('/edit-questions/5');
    expect(screen.getByRole('link', { name: /PC Player/ }).getAttribute('href')).toBe('/player/5');
    expect(screen.getByRole('link', { name: /^VR Experience/ }).getAttribute('href')).toBe('/vr/5');
    expect(screen.getByRole('link', { name: /^Embed/ }).getAttribute('href')).toBe('/embed/5');
    // Embed codes come from the server, 800×600 asked.
    expect(((await screen.findByLabelText('Simple iframe (800×600)')) as HTMLTextAreaElement).value).toBe(EMBED_RESULT.data.iframeCode);
    expect((screen.getByLabelText('Responsive (16:9)') as HTMLTextAreaElement).value).toBe(EMBED_RESULT.data.responsiveCode);
    const exportCall = calls('POST', '/api/videos/5/export')[0];
    expect(JSON.parse(String(exportCall[1].body))).toEqual({ format: 'embed', embedWidth: 800, embedHeight: 600 });
    // LMS card and Test.
    expect(((await screen.findByLabelText('LTI 1.3 configuration (JSON)')) as HTMLTextAreaElement).value).toBe(LTI13);
    expect((screen.getByLabelText('LTI 1.1 configuration (XML)') as HTMLTextAreaElement).value).toBe(LTI11);
    expect(screen.getByRole('link', { name: /^Test/ }).getAttribute('href')).toBe('/lti/launch?video=5');
    // SCORM card.
    expect(screen.getByRole('button', { name: /SCORM Export/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download SCORM package' })).toBeTruthy();
    // Details.
    const details = screen.getByTestId('video-details');
    expect(within(details).getByText('YouTube')).toBeTruthy();
    expect(within(details).getByText('2:05')).toBeTruthy();
    expect(within(details).getByText('Ready')).toBeTruthy();
    expect(within(details).getByRole('link', { name: /youtube\.com/ }).getAttribute('href')).toBe(OWNER_VIDEO.url);
    // The bearer token went with the file routes.
    const lti = calls('GET', '/api/videos/5/lti-config?version=1.3')[0];
    expect((lti[1].headers as Record<string, string>)['Authorization']).toBe('Bearer owner-token');
  });

  it('hides a placeholder source URL', async () => {
    reply = (url, init) => (url === '/api/videos/5' && (init.method ?? 'GET') === 'GET' ? { status: 200, body: { ...OWNER_VIDEO, url: 'manual-transcript' } } : undefined);
    renderAt();
    const details = await screen.findByTestId('video-details');
    expect(within(details).queryByText('Source')).toBeNull();
  });

  it('shows the check mark for 1.5 s after copying a link', async () => {
    renderAt();
    const copy = await screen.findByRole('button', { name: 'Copy Player URL' });
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/player/5`);
    expect(screen.getByRole('button', { name: 'Player URL copied' }).textContent).toContain('Copied!');
    act(() => jest.advanceTimersByTime(1499));
    expect(screen.getByRole('button', { name: 'Player URL copied' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy Player URL' }).textContent).toContain('Copy');
  });

  it('shares a private lesson when it is opened, and again when a link is copied after making it private', async () => {
    let published = false;
    reply = (url, init) => {
      if (url === '/api/play/5') return { status: 200, body: { ...PLAYBACK, video: { ...PLAYBACK.video, published } } };
      if (url === '/api/videos/5' && (init.method ?? 'GET') === 'GET') return { status: 200, body: { ...OWNER_VIDEO, published } };
      if (url === '/api/videos/5/sharing') {
        published = (JSON.parse(String(init.body)) as { published: boolean }).published;
        return { status: 200, body: { ...OWNER_VIDEO, published } };
      }
      return undefined;
    };
    renderAt();
    await waitFor(() => expect(calls('PUT', '/api/videos/5/sharing')).toHaveLength(1));
    expect(await screen.findByText('Shared by link')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make private' }));
    expect(await screen.findByText('Private lesson')).toBeTruthy();
    expect(published).toBe(false);
    // Not shared again by itself.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('PUT', '/api/videos/5/sharing')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Share URL' }));
    await waitFor(() => expect(calls('PUT', '/api/videos/5/sharing')).toHaveLength(3));
    expect(published).toBe(true);
    expect(await screen.findByText('Shared by link')).toBeTruthy();
  });

  it('saves the title on Enter through PUT /api/videos/{id}', async () => {
    let title = 'Cells';
    reply = (url, init) => {
      if (url !== '/api/videos/5') return undefined;
      if (init.method === 'PUT') title = (JSON.parse(String(init.body)) as { title: string }).title;
      return { status: 200, body: { ...OWNER_VIDEO, title } };
    };
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit title' }));
    const input = screen.getByLabelText('Title');
    fireEvent.change(input, { target: { value: '  Cell biology ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('video-title').textContent).toBe('Cell biology'));
    const put = calls('PUT', '/api/videos/5')[0];
    expect(JSON.parse(String(put[1].body))).toEqual({ title: 'Cell biology' });
    // The embed codes and LMS configurations carry the title: they are asked for again.
    await waitFor(() => expect(calls('POST', '/api/videos/5/export')).toHaveLength(2));
    await waitFor(() => expect(calls('GET', '/api/videos/5/lti-config?version=1.3')).toHaveLength(2));
  });

  it('cancels the title edit on Escape without a request', async () => {
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit title' }));
    const input = screen.getByLabelText('Title');
    fireEvent.change(input, { target: { value: 'Something else' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByTestId('video-title').textContent).toBe('Cells');
    expect(calls('PUT', '/api/videos/5')).toHaveLength(0);
  });

  it("says 'Failed to update video title' when the save fails, and keeps the edit open", async () => {
    reply = (url, init) => (url === '/api/videos/5' && init.method === 'PUT' ? { status: 500, body: { statusCode: 500, message: 'boom' } } : undefined);
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit title' }));
    const input = screen.getByLabelText('Title');
    fireEvent.change(input, { target: { value: 'Cell biology' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Failed to update video title')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Cell biology');
  });

  it('downloads an LTI configuration with the session, under its file name', async () => {
    reply = (url) =>
      url === '/api/videos/5/lti-config?version=1.3'
        ? { status: 200, body: LTI13, headers: { 'Content-Disposition': 'attachment; filename="veolearn-lti13-5.json"' } }
        : undefined;
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Download veolearn-lti13-5.json' }));
    await waitFor(() => expect(clicked).toEqual(['veolearn-lti13-5.json']));
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it.each([
    ['SCORM Test Successful', 'The package passed its checks.', { status: 200, body: { success: true, testUrl: '/scorm-test/5', errors: [] } }],
    ['SCORM Test Failed', 'imsmanifest.xml: missing organization', { status: 200, body: { success: false, testUrl: null, errors: ['imsmanifest.xml: missing organization', 'other'] } }],
    ['SCORM Test Failed', 'Unknown error occurred', { status: 200, body: { success: false, testUrl: null, errors: [] } }],
    ['Test Failed', 'Unable to test SCORM package', { status: 500, body: { statusCode: 500, message: 'boom' } }],
  ])("tests the SCORM package: '%s' / '%s'", async (title, description, answer) => {
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window);
    reply = (url) => (url === '/api/videos/5/test-scorm' ? answer : undefined);
    renderAt();
    fireEvent.click(await screen.findByLabelText('SCORM 2004'));
    fireEvent.click(screen.getByRole('button', { name: 'Test SCORM 2004' }));
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(JSON.parse(String(calls('POST', '/api/videos/5/test-scorm')[0][1].body))).toEqual({ scormVersion: '2004' });
    if (answer.status === 200 && answer.body.testUrl) expect(open).toHaveBeenCalledWith('/scorm-test/5', '_blank');
    else expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('renders a hostile title as text', async () => {
    reply = (url, init) => {
      if (url === '/api/videos/5' && (init.method ?? 'GET') === 'GET') return { status: 200, body: { ...OWNER_VIDEO, title: XSS_TITLE } };
      if (url === '/api/play/5') return { status: 200, body: { ...PLAYBACK, video: { ...PLAYBACK.video, title: XSS_TITLE } } };
      return undefined;
    };
    const { container } = renderAt();
    expect((await screen.findByTestId('share-title')).textContent).toBe(XSS_TITLE);
    expect(screen.getByTestId('video-title').textContent).toBe(XSS_TITLE);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
