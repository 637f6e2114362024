import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { ROUTER_FUTURE } from '../../../app/routes';
import { PLAN_402, respond, type Reply } from '../../share/testing/share-fixtures';
import type { CreatedVideo } from '../api/create-api';
import { ShareTab, scormInfo } from './share-tab';

const VIDEO = {
  id: 5,
  title: 'Cells',
  type: 'youtube',
  duration: 125,
  status: 'ready',
  questionCount: 3,
  createdAt: '2026-01-02T10:00:00Z',
  published: true,
} as unknown as CreatedVideo;

const LTI13 = '{"title":"VeoLearn"}';

describe('ShareTab', () => {
  const fetchMock = jest.fn();
  const writeText = jest.fn();
  let reply: (url: string) => Reply;

  beforeEach(() => {
    localStorage.setItem('authToken', 'owner-token');
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string) => respond(reply(url)));
    global.fetch = fetchMock as unknown as typeof fetch;
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  function renderTab() {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter future={ROUTER_FUTURE}>
          <ShareTab video={VIDEO} onCreateAnother={() => undefined} />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
  }

  it('offers Test Generator (the player in a new tab) and the full share page', () => {
    reply = () => ({ status: 200, body: LTI13 });
    renderTab();
    const test = screen.getByRole('link', { name: /Test Generator/ });
    expect(test.getAttribute('href')).toBe('/player/5');
    expect(test.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /Open share page/ }).getAttribute('href')).toBe('/video/5');
    expect(screen.getByText('Share link and embed work on every plan; SCORM and LMS (LTI) are part of Pro and Enterprise.')).toBeTruthy();
  });

  it('copies the LTI configuration from the server and the SCORM info', async () => {
    reply = (url) => (url === '/api/videos/5/lti-config?version=1.3' ? { status: 200, body: LTI13 } : { status: 404, body: '' });
    renderTab();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Copy LTI Export' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LTI13));
    expect(await screen.findByRole('button', { name: 'LTI configuration copied' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy SCORM Info' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(scormInfo(window.location.origin, VIDEO)));
    expect(scormInfo('https://veolearn.app', VIDEO)).toContain('https://veolearn.app/video/5');
  });

  it("tells a trial teacher the server's reason when LTI is not in the plan", async () => {
    reply = (url) => (url.includes('lti-config') ? { status: 402, body: PLAN_402 } : { status: 404, body: '' });
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Copy LTI Export' }));
    expect(await screen.findByText(PLAN_402.message)).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });
});
