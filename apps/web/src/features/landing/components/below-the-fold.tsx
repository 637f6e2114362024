import { useEffect } from 'react';
import {
  FaqSection,
  FeaturesSection,
  FinalCtaSection,
  HowItWorksSection,
  LandingFooter,
  LtiSection,
  PricingSection,
  ScormSection,
  StatsSection,
  TestimonialsSection,
  VrDemoSection,
} from './landing-sections';

/**
 * Everything of the landing page below the hero, in a chunk of its own: the hero paints without waiting for
 * these sections' modules (cards, badges, a dozen icons). A link to a section (/#pricing) scrolls to it once
 * it is drawn, since the browser looked for it before it existed.
 */
export default function BelowTheFold() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
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
  );
}

/** The footer, drawn with the sections above it. */
export { LandingFooter };
