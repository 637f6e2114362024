import { startTransition, useEffect, useState } from 'react';
import { LandingNav } from '../features/landing/components/landing-nav';
import {
  FaqSection,
  FeaturesSection,
  FinalCtaSection,
  HeroSection,
  HowItWorksSection,
  LandingFooter,
  LtiSection,
  PricingSection,
  ScormSection,
  StatsSection,
  TestimonialsSection,
  VrDemoSection,
} from '../features/landing/components/landing-sections';
import { useLandingAuth } from '../features/landing/hooks/use-landing-auth';

/**
 * The first paint shows the nav and the hero; the sections below the fold follow in a transition,
 * which React renders in short slices instead of one long task on a slow phone. A link to a section
 * (/#pricing) renders everything at once so the browser can scroll to it.
 */
function useBelowTheFold(): boolean {
  const [show, setShow] = useState(() => typeof window === 'undefined' || window.location.hash !== '');
  useEffect(() => {
    if (!show) startTransition(() => setShow(true));
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
          <>
            <HowItWorksSection />
            <StatsSection />
            <FeaturesSection />
            <VrDemoSection />
            <TestimonialsSection />
            <PricingSection />
            <LtiSection />
            <ScormSection />
            <FinalCtaSection />
            <FaqSection />
          </>
        )}
      </main>
      {belowTheFold && <LandingFooter />}
    </div>
  );
}
