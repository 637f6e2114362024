import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { ROUTER_FUTURE } from '../../../app/routes';
import type { AuthUser } from '../../auth/api/auth-api';
import type { AdminAnalytics, AdminCosts, AdminQuickAccess, AdminRange, AdminSecurity, AdminSubscriptions, AdminUser, AdminUsersPage } from '../api/admin-api';

export { respond, type Reply } from '../../share/testing/share-fixtures';

const WINDOW = { from: '2026-10-28T00:00:00Z', to: '2026-11-27T00:00:00Z' };

export const adminAuthUser = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: null,
  subscriptionStatus: 'active',
  trialEndsAt: null,
  hasUnlimitedAccess: true,
  totalVideosCreated: 0,
  createdAt: '2026-01-01T00:00:00Z',
  lastLoginAt: null,
  isAdmin: true,
  ...over,
});

export const adminUser = (id: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username: `user${id}`,
  email: `user${id}@example.com`,
  firstName: null,
  lastName: null,
  plan: 'trial',
  subscriptionStatus: 'trial',
  status: 'Free Trial',
  isAdmin: false,
  role: 'User',
  totalVideosCreated: 1,
  videos: 1,
  createdAt: '2026-11-20T10:00:00Z',
  created: '2026-11-20T10:00:00Z',
  lastLoginAt: null,
  ...over,
});

/** Figures that differ by range, so a test can tell which range the page shows. */
export const analytics = (range: AdminRange, totalUsers = 42): AdminAnalytics => ({
  range,
  ...WINDOW,
  totalUsers,
  newUsersThisPeriod: range === '7d' ? 3 : 12,
  recentEvents: 100,
  videosCreated: 9,
  vrVideos: 1,
  totalQuestions: 30,
  avgSessionTime: 6.5,
  attemptsCompleted: 4,
  videoSources: { youtube: 5, upload: 3, generated: 1 },
  trialUsers: 20,
  conversionRate: 12.5,
  series: [],
  explanations: { totalUsers: 'Accounts that exist at the end of the range.' },
});

export const costs = (range: AdminRange): AdminCosts => ({
  range,
  ...WINDOW,
  totalCosts: 150,
  currency: 'AUD',
  breakdown: { openai: 40, veo: 10, hosting: 90, youtube: 0, others: 10 },
  usage: { aiCalls: 12, promptTokens: 1000, completionTokens: 500, failedCalls: 1 },
  revenue: 600,
  profit: 450,
  profitMargin: 75,
  details: [],
  series: [],
  explanations: { profitMargin: 'Profit over revenue: (revenue − costs) ÷ revenue.' },
});

export const subscriptions = (range: AdminRange): AdminSubscriptions => ({
  range,
  ...WINDOW,
  monthlyRevenue: 700,
  revenueInRange: 600,
  activeSubscriptions: 3,
  trialUsers: 20,
  conversionRate: 12.5,
  byPlan: { trial: 20, pro: 2, enterprise: 1 },
  recentEvents: [],
  series: [],
  explanations: {},
});

export const usersPage = (items: AdminUser[], total = items.length): AdminUsersPage => ({ items, total, page: 1, pageSize: 20 });

export const quickAccess = (totalUsers: number): AdminQuickAccess => ({
  totalUsers,
  trialUsers: Math.max(0, totalUsers - 2),
  paidUsers: Math.min(2, totalUsers),
  recentUsers: Array.from({ length: Math.min(10, totalUsers) }, (_, i) => adminUser(totalUsers - i)),
});

export const security = (): AdminSecurity => ({
  range: '30d',
  ...WINDOW,
  totalEvents: 0,
  criticalEvents: 0,
  failedLogins: 0,
  lockouts: 0,
  rateLimitHits: 0,
  rejectedLtiLaunches: 0,
  unresolved: 0,
  events: [],
  total: 0,
  page: 1,
  pageSize: 20,
});

/** Shows where the router went. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** `ui` at `path` with a fresh query client and the toaster; every other path renders <Where />. */
export function renderAdmin(ui: ReactNode, path = '/admin') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** jsdom lacks what Radix's Select and recharts measure with. */
export function polyfillLayout(): void {
  const nothing = () => undefined;
  class NoResizeObserver {
    observe = nothing;
    unobserve = nothing;
    disconnect = nothing;
  }
  globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
