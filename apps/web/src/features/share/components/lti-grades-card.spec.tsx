import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { XSS_TITLE, respond, type Reply } from '../testing/share-fixtures';
import type { LtiGradeView } from '../api/share-api';
import { LtiGradesCard, plainGradeError } from './lti-grades-card';

const LIST = '/api/videos/5/lti-grades';
const FAILED_ID = '0b6e8d2c-4c1f-4c55-9a43-2f0b7d6c1a01';
const RESEND = `${LIST}/${FAILED_ID}/resend`;

function grade(over: Partial<LtiGradeView>): LtiGradeView {
  return {
    id: '0b6e8d2c-4c1f-4c55-9a43-2f0b7d6c1a00',
    videoId: 5,
    state: 'sent',
    scoreGiven: 8,
    scoreMaximum: 10,
    attempts: 1,
    lastError: null,
    lineitem: 'https://lms.example/lineitems/1',
    learner: 'Ada Lovelace',
    createdAt: '2026-11-20T10:00:00Z',
    sentAt: '2026-11-20T10:00:05Z',
    ...over,
  };
}

const SENT = grade({});
const FAILED = grade({ id: FAILED_ID, state: 'failed', scoreGiven: 3, learner: 'Grace Hopper', attempts: 40, lastError: 'Score POST answered 503: upstream down', sentAt: null, createdAt: '2026-11-19T09:00:00Z' });

describe('LtiGradesCard', () => {
  const fetchMock = jest.fn();
  let grades: LtiGradeView[];
  let reply: (url: string, init: RequestInit) => Reply | undefined;

  function serve(url: string, init: RequestInit = {}): Reply {
    const custom = reply(url, init);
    if (custom) return custom;
    if (url === LIST && (init.method ?? 'GET') === 'GET') return { status: 200, body: grades };
    return { status: 404, body: { statusCode: 404, message: 'Not found' } };
  }

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'owner-token');
    grades = [SENT, FAILED];
    reply = () => undefined;
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init?: RequestInit) => respond(serve(url, init)));
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  function renderCard() {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <LtiGradesCard videoId={5} />
        <Toaster />
      </QueryClientProvider>,
    );
  }

  const rows = () => screen.getAllByTestId('lti-grade');

  it('lists the grades with the failed ones first, their error in plain words, and a Resend only on failed ones', async () => {
    renderCard();
    expect(screen.getByText('Loading the LMS grades...')).toBeTruthy();
    await screen.findByText('Grace Hopper');
    const [first, second] = rows();
    expect(within(first).getByText('Grace Hopper')).toBeTruthy();
    expect(within(first).getByText('Failed')).toBeTruthy();
    expect(within(first).getByText('3 / 10 (30%)')).toBeTruthy();
    expect(within(first).getByText('The LMS had a server error (503).')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /Resend/ })).toBeTruthy();
    expect(within(second).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(second).getByText('Sent')).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();
    expect(screen.getByText('1 grade did not reach the LMS.')).toBeTruthy();
  });

  it('resends a failed grade: the button is disabled while it is sent, then the new state shows', async () => {
    let release: (r: Reply) => void = () => undefined;
    reply = (url, init) => {
      if (url === RESEND && init.method === 'POST') {
        return new Promise<Reply>((resolve) => (release = resolve)) as unknown as Reply;
      }
      return undefined;
    };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => respond(await serve(url, init)));
    renderCard();
    const button = await screen.findByRole('button', { name: /Resend/ });
    fireEvent.click(button);
    await waitFor(() => expect((screen.getByRole('button', { name: /Resending/ }) as HTMLButtonElement).disabled).toBe(true));
    expect(fetchMock.mock.calls.filter(([u, i]) => u === RESEND && i?.method === 'POST')).toHaveLength(1);

    const pending = { ...FAILED, state: 'pending' as const, attempts: 0, lastError: null };
    grades = [SENT, pending];
    release({ status: 201, body: pending });
    expect(await screen.findByText('Waiting to send')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(screen.queryByText('The LMS had a server error (503).')).toBeNull();
    expect(await screen.findByText('Grade queued')).toBeTruthy();
  });

  it("says why a resend was refused and keeps the grade's button", async () => {
    reply = (url, init) => (url === RESEND && init.method === 'POST' ? { status: 409, body: { statusCode: 409, message: 'Only a failed grade can be resent; this one is sent.' } } : undefined);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: /Resend/ }));
    expect(await screen.findByText('Only a failed grade can be resent; this one is sent.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Resend/ })).toBeTruthy();
  });

  it('says that no grade was sent yet when the list is empty', async () => {
    grades = [];
    renderCard();
    expect(await screen.findByText('No grade has been sent from an LMS launch of this lesson yet.')).toBeTruthy();
  });

  it('shows a readable message with a retry when the grades cannot be loaded', async () => {
    reply = (url) => (url === LIST ? { status: 503, body: { statusCode: 503, message: 'The LTI service is not answering' } } : undefined);
    renderCard();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('The LMS grades could not be loaded.');
    expect(alert.textContent).toContain('The LTI service is not answering');
    reply = () => undefined;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
  });

  it("renders a learner's name and the server's error only as text", async () => {
    grades = [{ ...FAILED, learner: XSS_TITLE }];
    renderCard();
    expect(await screen.findByText(XSS_TITLE)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('puts the delivery errors in plain words', () => {
    expect(plainGradeError('Token request answered 401: invalid_client')).toBe("The LMS refused the tool's credentials (401).");
    expect(plainGradeError('Score POST answered 404: no such line item')).toBe('The LMS no longer has this gradebook column (404).');
    expect(plainGradeError('Score POST answered 400: bad body')).toBe('The LMS rejected the grade (400).');
    expect(plainGradeError('The platform registration or the line item is gone')).toBe('The LMS connection or the gradebook column no longer exists.');
    expect(plainGradeError('Score POST: The operation was aborted due to timeout')).toBe('The LMS did not answer in time.');
    expect(plainGradeError('Score POST: fetch failed (ECONNREFUSED)')).toBe('The LMS could not be reached.');
  });
});
