import { render, screen, within } from '@testing-library/react';
import type { AuthUser } from '../../auth/api/auth-api';
import { SummaryCards } from './summary-cards';

const user = (totalVideosCreated: number | null): AuthUser => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  subscriptionStatus: 'active',
  plan: 'pro',
  trialEndsAt: null,
  hasUnlimitedAccess: false,
  totalVideosCreated,
  createdAt: '2026-11-01T00:00:00Z',
  lastLoginAt: null,
  isAdmin: false,
});

const videosCard = () => within(screen.getByText('Videos Created').closest('div')?.parentElement as HTMLElement);

describe('SummaryCards', () => {
  it('shows the library count the server gave', () => {
    render(<SummaryCards user={user(3)} analytics={undefined} />);
    expect(videosCard().getByText('3')).toBeTruthy();
  });

  it('shows a count the library could not give as unknown, not as 0', () => {
    render(<SummaryCards user={user(null)} analytics={undefined} />);
    expect(videosCard().getByText('—')).toBeTruthy();
    expect(videosCard().queryByText('0')).toBeNull();
  });
});
