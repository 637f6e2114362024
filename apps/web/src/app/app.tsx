import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ErrorBoundary } from '../components/layout/error-boundary';
// The toast viewport is in the entry: loaded lazily (with the first toast, or after the load event)
// it lost the share page's 'SCORM Test Successful' toast, whose click also opens a new tab.
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

function RouterShell() {
  return (
    <>
      <UnauthorizedRedirect />
      <RouteErrorBoundary />
    </>
  );
}

/** A data router, so pages can block navigation (the editor's unsaved changes, browser Back included). */
function createAppRouter() {
  return createBrowserRouter([{ path: '*', element: <RouterShell /> }], {
    future: {
      v7_relativeSplatPath: ROUTER_FUTURE.v7_relativeSplatPath,
      v7_fetcherPersist: true,
      v7_normalizeFormMethod: true,
      v7_partialHydration: true,
      v7_skipActionErrorRevalidation: true,
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} future={{ v7_startTransition: ROUTER_FUTURE.v7_startTransition }} />
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
