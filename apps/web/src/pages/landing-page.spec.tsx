import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import LandingPage from './landing-page';
import { ROUTER_FUTURE } from '../app/routes';

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']} future={ROUTER_FUTURE}>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LandingPage', () => {
  beforeEach(() => localStorage.clear());

  it('draws the hero, then the sections below the fold and the footer', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: /interactive lesson/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Plug into your LMS with LTI 1.3' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('loads the LTI dialog when asked, and gives focus back to its button on close', async () => {
    renderPage();
    const button = await screen.findByRole('button', { name: 'What is LTI? Learn More' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      button.focus();
      fireEvent.click(button);
    });
    const dialog = await screen.findByRole('dialog', { name: 'What is LTI?' });
    expect(dialog.textContent).toContain('Moodle');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    });
    // The dialog gives focus back after it closes (a frame later): waited for, never raced.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
