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

export default function LandingPage() {
  const { signedIn } = useLandingAuth();
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
      </main>
      <LandingFooter />
    </div>
  );
}
