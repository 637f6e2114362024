import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { Toaster } from '../../../components/ui/toaster';
import { ROUTER_FUTURE } from '../../../app/routes';
import { SEARCH_STORAGE_KEY, SETTINGS_STORAGE_KEY } from '../wizard-settings';
import { CreateWizard } from './create-wizard';

type Reply = { status: number; body: unknown };
type Handler = (url: string, init: RequestInit) => Reply | undefined;

const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const TRANSCRIPT = [
  '0:00',
  'Welcome to this short lesson about the water cycle and how water moves around our planet.',
  '0:08',
  'It starts when the sun warms the ocean and water evaporates into the air as vapour.',
  '0:17',
  'As the vapour rises it cools and condenses into tiny droplets that form clouds.',
].join('\n');

const VIDEO = {
  id: 5,
  title: 'The water cycle',
  type: 'youtube',
  duration: 25,
  status: 'processing',
  url: LINK,
  youtubeId: 'dQw4w9WgXcQ',
  filename: null,
  thumbnailUrl: null,
  createdAt: '2026-01-02T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
  folder: null,
  questionCount: 0,
};
const JOB = {
  id: 'job-1',
  videoId: 5,
  state: 'queued',
  percent: 0,
  stage: 'Waiting for a worker',
  error: null,
  attempts: 0,
  maxAttempts: 3,
  provider: 'builtin',
  questionCount: 0,
  createdAt: '',
  updatedAt: '',
  finishedAt: null,
};
const LINK_ONLY = {
  id: 'dQw4w9WgXcQ',
  url: LINK,
  title: null,
  channelTitle: null,
  duration: null,
  durationSeconds: null,
  viewCount: null,
  description: null,
  thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
  source: 'link',
};

function respond({ status, body }: Reply) {
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

describe('CreateWizard', () => {
  const fetchMock = jest.fn();
  let handler: Handler;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'token');
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      const reply = handler(url, init);
      if (!reply) throw new Error(`unexpected ${init.method} ${url}`);
      return respond(reply);
    });
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  function renderWizard(entry = '/create', extra: ReactNode = null) {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]} future={ROUTER_FUTURE}>
          <Routes>
            <Route path="/create" element={<CreateWizard />} />
            <Route path="/edit-questions/:id" element={<p>Editor</p>} />
          </Routes>
          <Where />
          {extra}
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
  }

  const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  /** Calls other than the plan counter the wizard reads when it opens. */
  const serverCalls = () => fetchMock.mock.calls.filter(([url]) => !String(url).startsWith('/api/account/usage'));
  const body = (method: string, path: string) => {
    const call = fetchMock.mock.calls.find(([url, init]) => init.method === method && String(url).startsWith(path));
    return call ? JSON.parse(call[1].body as string) : undefined;
  };

  it("refuses a link that is not YouTube with 'Invalid YouTube URL' and asks the server nothing", async () => {
    handler = () => undefined;
    renderWizard();
    fireEvent.change(screen.getByLabelText('YouTube link'), { target: { value: 'https://vimeo.com/123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use Video' }));
    expect(await screen.findByText('Invalid YouTube URL')).toBeTruthy();
    expect(screen.getByText('Please enter a valid YouTube URL')).toBeTruthy();
    expect(serverCalls()).toHaveLength(0);
    expect(screen.getByText('No video selected yet')).toBeTruthy();
  }, 20_000);

  it("says 'Missing Content' when generating without a video or transcript", async () => {
    handler = () => undefined;
    renderWizard();
    next();
    next(); // Transcript → Interactions is closed without a transcript
    expect(screen.getByRole('tab', { name: 'Transcript' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Interactions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Interactive Video' }));
    expect(await screen.findByText('Missing Content')).toBeTruthy();
    expect(screen.getByText('Please add a video or transcript content first')).toBeTruthy();
    expect(serverCalls()).toHaveLength(0);
  }, 20_000);

  it('explains that search is not set up (503) without showing the raw answer, and remembers the topic', async () => {
    handler = (url) =>
      url === '/api/youtube/search'
        ? { status: 503, body: { statusCode: 503, message: 'YouTube search is not configured. Paste a YouTube link instead.', error: 'Service Unavailable' } }
        : undefined;
    renderWizard();
    const find = screen.getByRole('button', { name: 'Find Videos' }) as HTMLButtonElement;
    expect(find.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search topic'), { target: { value: 'water cycle' } });
    fireEvent.click(find);
    expect(await screen.findByText('YouTube search is not set up on this server')).toBeTruthy();
    expect(screen.queryByText(/statusCode/)).toBeNull();
    expect(body('POST', '/api/youtube/search')).toEqual({ query: 'water cycle', country: 'ALL', maxResults: 10 });
    expect(localStorage.getItem(SEARCH_STORAGE_KEY)).toBe('water cycle');
  });

  it('pages through search results with n of m, selecting each', async () => {
    const result = (id: string, title: string) => ({
      id,
      title,
      url: `https://www.youtube.com/watch?v=${id}`,
      thumbnails: { high: { url: '' }, medium: { url: '' }, default: { url: '' } },
      channelTitle: 'Science Class',
      duration: '8:45',
      durationSeconds: 525,
      viewCount: '2048000',
      description: '',
      publishedAt: null,
    });
    const videos = [result('stubVid0002', 'Photosynthesis Explained'), result('stubVid0005', 'The Water Cycle for Kids')];
    handler = (url) => (url === '/api/youtube/search' ? { status: 200, body: { selectedVideo: videos[0], allVideos: videos } } : undefined);
    renderWizard();
    fireEvent.change(screen.getByLabelText('Search topic'), { target: { value: 'plants' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find Videos' }));
    expect((await screen.findByTestId('result-position')).textContent).toBe('1 of 2');
    expect(screen.getByTestId('selected-video-title').textContent).toBe('Photosynthesis Explained');
    expect(screen.getByText('2,048,000 views')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next result' }));
    expect(screen.getByTestId('result-position').textContent).toBe('2 of 2');
    expect(screen.getByTestId('selected-video-title').textContent).toBe('The Water Cycle for Kids');
    expect((screen.getByRole('button', { name: 'Next result' }) as HTMLButtonElement).disabled).toBe(true);
  });

  // Polls 700 ms apart plus a render of every step: slow on a busy machine.
  it('generates from a link and a transcript, shows the real percentage, then opens the editor', async () => {
    let polls = 0;
    handler = (url, init) => {
      if (url.startsWith('/api/youtube/lookup')) return { status: 200, body: LINK_ONLY };
      if (url === '/api/youtube/transcript-paste' && init.method === 'POST') return { status: 202, body: { video: VIDEO, job: JOB, interactions: [] } };
      if (url === '/api/generation/jobs/job-1') {
        polls += 1;
        return polls === 1
          ? { status: 200, body: { ...JOB, state: 'active', percent: 42, stage: 'Writing questions' } }
          : { status: 200, body: { ...JOB, state: 'completed', percent: 100, stage: 'Done', questionCount: 6 } };
      }
      return undefined;
    };
    renderWizard();
    fireEvent.change(screen.getByLabelText('YouTube link'), { target: { value: LINK } });
    fireEvent.click(screen.getByRole('button', { name: 'Use Video' }));
    expect(await screen.findByText(/Video details are not available/)).toBeTruthy();
    expect(screen.getByTestId('selected-video-title').textContent).toBe('YouTube video dQw4w9WgXcQ');
    expect(screen.getByTestId('transcript-status').textContent).toBe('Transcript needed');

    next();
    const proceed = screen.getByRole('button', { name: 'Continue to Settings' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Transcript'), { target: { value: TRANSCRIPT } });
    expect(screen.getByTestId('transcript-count').textContent).toBe(`${TRANSCRIPT.length} characters`);
    fireEvent.click(proceed);

    fireEvent.click(screen.getByRole('checkbox', { name: /Multiple choice/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Fill in the gaps/ }));
    fireEvent.click(screen.getByRole('radio', { name: '3 per chapter' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Detailed summary' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Interactive Video' }));

    const overlay = await screen.findByRole('dialog', { name: 'Generating Video' });
    expect(within(overlay).getByText('Creating your interactive learning experience...')).toBeTruthy();
    await waitFor(() => expect(within(overlay).getByTestId('generation-percent').textContent).toBe('42%'));
    expect(within(overlay).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(within(overlay).getByText('Writing questions')).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/edit-questions/5'), { timeout: 3000 });
    expect(await screen.findByText('Video Generated Successfully')).toBeTruthy();
    expect(body('POST', '/api/youtube/transcript-paste')).toEqual({
      youtubeUrl: LINK,
      videoUrl: LINK,
      transcript: TRANSCRIPT,
      interactionCount: 8,
      questionTypes: ['single', 'trueFalse', 'fillGap'],
      questionsPerTopic: 3,
      questionsPerChapter: 3,
      feedbackEnabled: true,
      animationsEnabled: true,
      detailedSummary: true,
      smartTopicReturn: true,
    });
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({ questionTypes: ['single', 'trueFalse', 'fillGap'], detailedSummary: true });
  }, 20_000);

  it("sends the length YouTube's lookup reported with the transcript", async () => {
    handler = (url) => {
      if (url.startsWith('/api/youtube/lookup')) {
        return { status: 200, body: { ...LINK_ONLY, title: 'The water cycle', duration: '12:03', durationSeconds: 723, source: 'youtube' } };
      }
      if (url === '/api/youtube/transcript-paste') return { status: 402, body: { statusCode: 402, message: 'Subscribe to create more.', error: 'Payment Required' } };
      return undefined;
    };
    renderWizard();
    fireEvent.change(screen.getByLabelText('YouTube link'), { target: { value: LINK } });
    fireEvent.click(screen.getByRole('button', { name: 'Use Video' }));
    expect((await screen.findByTestId('selected-video-title')).textContent).toBe('The water cycle');
    next();
    fireEvent.change(screen.getByLabelText('Transcript'), { target: { value: TRANSCRIPT } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Interactive Video' }));
    expect(await screen.findByText('Generation Failed')).toBeTruthy();
    expect(body('POST', '/api/youtube/transcript-paste')).toMatchObject({ youtubeUrl: LINK, title: 'The water cycle', duration: 723 });
  });

  it("shows 'Generation Failed' with the plan message and a link to /subscribe on 402", async () => {
    const message = 'Your Free Trial plan includes 1 interactive video. Subscribe to create more.';
    handler = (url) => (url === '/api/youtube/transcript-paste' ? { status: 402, body: { statusCode: 402, message, error: 'Payment Required' } } : undefined);
    renderWizard();
    next();
    fireEvent.change(screen.getByLabelText('Transcript'), { target: { value: TRANSCRIPT } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Interactive Video' }));
    expect(await screen.findByText('Generation Failed')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message, { exact: false })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the job's failure reason and retries on the same video", async () => {
    handler = (url) => {
      if (url === '/api/youtube/transcript-paste') return { status: 202, body: { video: VIDEO, job: JOB, interactions: [] } };
      if (url === '/api/generation/jobs/job-1') return { status: 200, body: { ...JOB, state: 'failed', percent: 100, stage: 'Failed', error: 'The AI service did not answer.' } };
      return undefined;
    };
    renderWizard();
    next();
    fireEvent.change(screen.getByLabelText('Transcript'), { target: { value: TRANSCRIPT } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Interactive Video' }));
    expect(await screen.findByText('Generation Failed')).toBeTruthy();
    expect((await screen.findAllByText('The AI service did not answer.', { exact: false })).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Generate Interactive Video' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/youtube/transcript-paste')).toHaveLength(2));
    const second = fetchMock.mock.calls.filter(([url]) => url === '/api/youtube/transcript-paste')[1];
    expect(JSON.parse(second[1].body as string).videoId).toBe(5);
  });

  it('reopens a generated video on the Share step with its links, and Create Another Video starts over', async () => {
    handler = (url) => (url === '/api/videos/5' ? { status: 200, body: { ...VIDEO, status: 'ready', questionCount: 6 } } : undefined);
    renderWizard('/create?video=5');
    expect(await screen.findByText('Your interactive video is ready')).toBeTruthy();
    expect((screen.getByLabelText('Player URL') as HTMLInputElement).value).toBe('http://localhost/player/5');
    expect((screen.getByLabelText('Embed code') as HTMLTextAreaElement).value).toContain('width="100%" height="600"');
    expect(screen.getByRole('tab', { name: 'Edit Questions' }).hasAttribute('disabled')).toBe(false);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Edit Questions' }));
    expect((await screen.findByTestId('question-count')).textContent).toBe('6 questions ready');
    expect(screen.getByRole('link', { name: 'Edit Questions' }).getAttribute('href')).toBe('/edit-questions/5');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Share' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Another Video' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/create'));
    expect(screen.getByRole('tab', { name: 'YouTube' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Share' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the Share step when ?video= arrives while the wizard stays mounted (Back before the editor loaded)', async () => {
    handler = (url) => (url === '/api/videos/5' ? { status: 200, body: { ...VIDEO, status: 'ready', questionCount: 6 } } : undefined);
    renderWizard('/create', <Link to="/create?video=5">back here</Link>);
    expect(screen.getByRole('tab', { name: 'YouTube' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'back here' }));
    expect(await screen.findByText('Your interactive video is ready')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Share' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says so when the reopened video is still being generated, and when it is not found', async () => {
    handler = (url) =>
      url === '/api/videos/5'
        ? { status: 200, body: VIDEO }
        : url === '/api/videos/6'
          ? { status: 404, body: { statusCode: 404, message: 'Video not found', error: 'Not Found' } }
          : undefined;
    const first = renderWizard('/create?video=5');
    expect(await screen.findByText('The questions are still being written')).toBeTruthy();
    expect(screen.queryByText('Your interactive video is ready')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Edit Questions' }).hasAttribute('disabled')).toBe(true);
    first.unmount();

    renderWizard('/create?video=6');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText('Could not open this video')).toBeTruthy();
    expect(within(alert).getByText('Video not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new video' })).toBeTruthy();
  }, 10_000);
  const TRIAL_FULL = {
    plan: 'trial',
    planName: 'Free Trial',
    videosUsed: 1,
    videoLimit: 1,
    canCreate: false,
    message: 'Your Free Trial plan includes 1 interactive video and you have 1. Upgrade to Pro (50 videos) or Enterprise (unlimited): Choose a plan at /subscribe to upgrade.',
    videosWithoutQuestions: 1,
    label: '1 of 1 lessons used',
  };

  it('says at once, when it opens, that the plan allows no new lesson, with the way to upgrade', async () => {
    handler = (url) => (url.startsWith('/api/account/usage') ? { status: 200, body: TRIAL_FULL } : undefined);
    renderWizard();
    const notice = await screen.findByTestId('plan-limit-notice');
    expect(notice.textContent).toContain('Free Trial plan includes 1 interactive video');
    expect(within(notice).getByRole('link', { name: /See plans/ }).getAttribute('href')).toBe('/subscribe');
    expect(screen.getByTestId('plan-usage-label').textContent).toBe('1 of 1 lessons used');
  }, 30_000);

  it('opened for a library video (?for=), starts on the transcript and generates for that video with the edited title', async () => {
    const video = { id: 31, title: 'Cells', type: 'youtube', youtubeId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', thumbnailUrl: null, duration: 212, questionCount: 0 };
    handler = (url, init) => {
      if (url.startsWith('/api/account/usage')) return { status: 200, body: TRIAL_FULL };
      if (url === '/api/videos/31' && init.method === 'GET') return { status: 200, body: video };
      if (url === '/api/videos/31' && init.method === 'PUT') return { status: 200, body: { ...video, title: 'Cells and tissues' } };
      if (url === '/api/youtube/transcript-paste') return { status: 503, body: { statusCode: 503, message: 'The queue is down' } };
      return undefined;
    };
    renderWizard('/create?for=31');
    expect(await screen.findByTestId('generating-for-library')).toBeTruthy();
    expect(screen.queryByTestId('plan-limit-notice')).toBeNull();
    expect(screen.getByLabelText('Transcript')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Transcript'), { target: { value: 'Cells are the units of life. '.repeat(5) } });
    next();
    const title = (await screen.findByLabelText('Lesson title')) as HTMLInputElement;
    expect(title.value).toBe('Cells');
    fireEvent.change(title, { target: { value: 'Cells and tissues' } });
    fireEvent.click(screen.getByRole('button', { name: /Generate Interactive Video/ }));
    expect(await screen.findByText('The queue is down', { selector: '[role="alert"] span' })).toBeTruthy();
    expect(body('PUT', '/api/videos/31')).toEqual({ title: 'Cells and tissues' });
    expect(body('POST', '/api/youtube/transcript-paste')).toMatchObject({ videoId: 31 });
    expect(body('POST', '/api/youtube/transcript-paste')).not.toHaveProperty('youtubeUrl');
  }, 30_000);
});
