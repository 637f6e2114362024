import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { ROUTER_FUTURE } from '../../../app/routes';
import { EMBED_RESULT, LTI_RESULT, OWNER_VIDEO, PLAN_402, URL_RESULT, job, respond, type Reply } from '../../share/testing/share-fixtures';
import type { VideoView } from '../api/library-api';
import { ExportDialog } from './video-dialogs';

type Body = Record<string, unknown>;

/** Radix's checkbox measures itself; jsdom has no ResizeObserver. */
class NoResizeObserver {
  observe = jest.fn();
  unobserve = jest.fn();
  disconnect = jest.fn();
}

describe('ExportDialog', () => {
  beforeAll(() => {
    globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
  });

  const fetchMock = jest.fn();
  const writeText = jest.fn();
  let reply: (url: string, init: RequestInit) => Reply;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'owner-token');
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init: RequestInit = {}) => respond(reply(url, init)));
    global.fetch = fetchMock as unknown as typeof fetch;
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    URL.createObjectURL = jest.fn(() => 'blob:zip');
    URL.revokeObjectURL = jest.fn();
  });

  function exportBodies(): Body[] {
    return fetchMock.mock.calls.filter(([url, init]) => url === '/api/videos/5/export' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init.body)) as Body);
  }

  function renderDialog() {
    const client = createQueryClient();
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter future={ROUTER_FUTURE}>
          <ExportDialog video={OWNER_VIDEO as VideoView} onClose={() => undefined} />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
  }

  const dialog = () => screen.getByRole('dialog');
  const openTab = (name: string) => fireEvent.mouseDown(within(dialog()).getByRole('tab', { name }));

  it('says the same plan words as Billing and offers the four tabs', () => {
    reply = () => ({ status: 404, body: '' });
    renderDialog();
    expect(within(dialog()).getByText('Share link and embed work on every plan; SCORM and LMS (LTI) are part of Pro and Enterprise.')).toBeTruthy();
    expect(within(dialog()).getAllByRole('tab').map((t) => t.textContent)).toEqual(['SCORM', 'Share URL', 'Embed Code', 'LTI/LMS']);
    expect(within(dialog()).getByRole('link', { name: '/video/5' }).getAttribute('href')).toBe('/video/5');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('SCORM: builds the package with its progress, then downloads the zip', async () => {
    let polls = 0;
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    reply = (url) => {
      if (url === '/api/videos/5/export') return { status: 202, body: { type: 'scorm', data: { ...URL_RESULT.data, job: job('queued', 0, 'Queued') } } };
      if (url === '/api/exports/job-1') {
        polls += 1;
        return { status: 200, body: polls === 1 ? job('active', 40, 'Packaging the player') : job('completed', 100, 'Done') };
      }
      if (url === '/api/exports/job-1/download') return { status: 200, body: 'PK', headers: { 'Content-Disposition': 'attachment; filename="Cells_SCORM.zip"' } };
      return { status: 404, body: '' };
    };
    renderDialog();
    fireEvent.click(within(dialog()).getByLabelText('SCORM 2004'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Download SCORM package' }));
    await waitFor(() => expect(exportBodies()).toEqual([{ format: 'scorm', scormVersion: '2004' }]));
    expect(await within(dialog()).findByText('Packaging the player')).toBeTruthy();
    expect(within(dialog()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(dialog()).getByText('40%')).toBeTruthy();
    expect(await within(dialog()).findByText('100%', undefined, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(saved).toEqual(['Cells_SCORM.zip']));
    expect(await screen.findByText('Export Complete')).toBeTruthy();
    const download = fetchMock.mock.calls.find(([url]) => url === '/api/exports/job-1/download');
    expect((download?.[1]?.headers as Record<string, string>)['Authorization']).toBe('Bearer owner-token');
    expect(within(dialog()).getByRole('button', { name: 'Download again' })).toBeTruthy();
    click.mockRestore();
  });

  it("SCORM: a failed build says 'Export Failed' with the server's reason", async () => {
    reply = (url) => {
      if (url === '/api/videos/5/export') return { status: 202, body: { type: 'scorm', data: { ...URL_RESULT.data, job: job('queued', 0, 'Queued') } } };
      if (url === '/api/exports/job-1') return { status: 200, body: job('failed', 30, 'Packaging') };
      return { status: 404, body: '' };
    };
    renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Download SCORM package' }));
    expect(await screen.findByText('Export Failed', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getAllByText('The package could not be built.').length).toBeGreaterThan(0);
  });

  it("SCORM on a trial: the server's 402 message and an Upgrade link", async () => {
    reply = (url) => (url === '/api/videos/5/export' ? { status: 402, body: PLAN_402 } : { status: 404, body: '' });
    renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Download SCORM package' }));
    expect(await within(dialog()).findByText(PLAN_402.message)).toBeTruthy();
    expect(within(dialog()).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscribe');
  });

  it('Share URL: the links from the server, with copy', async () => {
    reply = (url) => (url === '/api/videos/5/export' ? { status: 200, body: URL_RESULT } : { status: 404, body: '' });
    renderDialog();
    openTab('Share URL');
    const share = (await within(dialog()).findByRole('textbox', { name: 'Share URL' })) as HTMLInputElement;
    expect(share.value).toBe(URL_RESULT.data.url);
    expect(exportBodies()).toEqual([{ format: 'url' }]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Copy Player URL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_RESULT.data.playerUrl));
    expect(within(dialog()).getByRole('link', { name: /Open the player/ }).getAttribute('href')).toBe('/simple-player/5');
  });

  it('Embed Code: the options go to the server and its code is copied', async () => {
    reply = (url, init) => {
      if (url !== '/api/videos/5/export') return { status: 404, body: '' };
      const body = JSON.parse(String(init.body)) as { embedWidth: number; embedHeight: number };
      const code = `<iframe src="http://localhost/embed/5" width="${body.embedWidth}" height="${body.embedHeight}"></iframe>`;
      return { status: 200, body: { ...EMBED_RESULT, data: { ...EMBED_RESULT.data, iframeCode: code } } };
    };
    renderDialog();
    openTab('Embed Code');
    const code = (await within(dialog()).findByLabelText('Embed code')) as HTMLTextAreaElement;
    expect(code.value).toContain('width="800" height="600"');
    fireEvent.change(within(dialog()).getByLabelText('Width (px)'), { target: { value: '640' } });
    fireEvent.change(within(dialog()).getByLabelText('Height (px)'), { target: { value: '360' } });
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Autoplay' }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Show controls' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update embed code' }));
    await waitFor(() => expect((within(dialog()).getByLabelText('Embed code') as HTMLTextAreaElement).value).toContain('width="640" height="360"'));
    expect(exportBodies()).toEqual([
      { format: 'embed', embedWidth: 800, embedHeight: 600, autoplay: false, showControls: true },
      { format: 'embed', embedWidth: 640, embedHeight: 360, autoplay: true, showControls: false },
    ]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Copy Embed code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining('width="640"')));
  });

  it('LTI/LMS: the configuration of the chosen LMS with its numbered steps', async () => {
    reply = (url) => (url === '/api/videos/5/export' ? { status: 200, body: LTI_RESULT } : { status: 404, body: '' });
    renderDialog();
    openTab('LTI/LMS');
    const config = await within(dialog()).findByTestId('lms-configuration');
    expect((within(config).getByLabelText('Launch URL') as HTMLInputElement).value).toBe('http://localhost/lti/launch?video=5');
    expect((within(config).getByLabelText('Consumer key') as HTMLInputElement).value).toBe('veolearn-key-5');
    expect((within(config).getByLabelText('Shared secret') as HTMLInputElement).value).toBe('s3cret');
    const steps = within(config).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(['Open Site administration', 'Add an External tool', 'Paste the launch URL']);
    expect(exportBodies()).toEqual([{ format: 'lti', lmsType: 'moodle' }]);
    fireEvent.click(within(config).getByRole('button', { name: 'Copy configuration' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining('1. Open Site administration')));
  });

  it("LTI/LMS on a trial: the server's 402 message and an Upgrade link", async () => {
    const message = 'LMS integration (LTI) is part of the Pro and Enterprise plans. Choose a plan at /subscribe to upgrade.';
    reply = (url) => (url === '/api/videos/5/export' ? { status: 402, body: { statusCode: 402, message } } : { status: 404, body: '' });
    renderDialog();
    openTab('LTI/LMS');
    expect(await within(dialog()).findByText(message)).toBeTruthy();
    expect(within(dialog()).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscribe');
    // A plan refusal is not retried.
    expect(exportBodies()).toHaveLength(1);
  });
});
