import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { LandingNav } from '../features/landing/components/landing-nav';
import { HeroSection } from '../features/landing/components/landing-hero';
import { useLandingAuth } from '../features/landing/hooks/use-landing-auth';

const BelowTheFold = lazy(() => import('../features/landing/components/below-the-fold'));
const LandingFooter = lazy(() => import('../features/landing/components/below-the-fold').then((m) => ({ default: m.LandingFooter })));

/**
 * The first paint shows the nav and the hero; the sections below the fold follow once it is painted, in a
 * transition, from a chunk of their own, which React renders in short slices instead of one long task on a slow
 * phone. A link to a section (/#pricing) asks for them at once, and they scroll to it when drawn.
 */
function useBelowTheFold(): boolean {
  const [show, setShow] = useState(() => typeof window === 'undefined' || window.location.hash !== '');
  useEffect(() => {
    if (show) return undefined;
    // Once the hero's frame is painted: its chunk is no part of what the first paint waits for.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShow(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [show]);
  return show;
}

export default function LandingPage() {
  const { signedIn } = useLandingAuth();
  const belowTheFold = useBelowTheFold();
  return (
    <div className="min-h-screen bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <LandingNav signedIn={signedIn} />
      <main id="main">
        <HeroSection />
        {belowTheFold && (
          <Suspense fallback={null}>
            <BelowTheFold />
          </Suspense>
        )}
      </main>
      {belowTheFold && (
        <Suspense fallback={null}>
          <LandingFooter />
        </Suspense>
      )}
    </div>
  );
}
