import { useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ErrorBoundary } from '../components/layout/error-boundary';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { SIGN_IN_PATH, setUnauthorizedHandler } from '../lib/session-client';
import { AppRoutes } from './app-routes';
import { ROUTER_FUTURE } from './routes';

/** Sends a rejected session to sign-in through the router instead of a full page load. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => setUnauthorizedHandler(() => navigate(SIGN_IN_PATH, { replace: true })), [navigate]);
  return null;
}

/** A page error should not survive navigating to another page. */
function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <AppRoutes />
    </ErrorBoundary>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter future={ROUTER_FUTURE}>
          <UnauthorizedRedirect />
          <RouteErrorBoundary />
        </BrowserRouter>
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
