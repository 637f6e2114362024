import { Link } from 'react-router-dom';
import { ArrowRight, PlayCircle } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { routes } from '../../../app/routes';
import { container } from './landing-layout';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-accent/70 to-background">
      <div className={cn(container, 'grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-2')}>
        <div>
          <Badge variant="secondary" className="mb-5">
            AI-assisted interactive video lessons
          </Badge>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Turn any video into an <span className="text-primary">interactive lesson</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            Paste a YouTube link and its transcript. VeoLearn drafts timed questions, pauses the video for learners to
            answer, and explains every answer, in the browser, your LMS or VR.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={routes.signUp} className={buttonVariants({ size: 'lg' })}>
              Start Free Trial
              <ArrowRight aria-hidden="true" />
            </Link>
            <a href="#how-it-works" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              See how it works
            </a>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">7 days free · no credit card required</p>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A drawn mock of the player, not a screenshot and not real data. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg">
      <div className="overflow-hidden rounded-2xl border bg-card shadow-xl">
        <div className="relative flex aspect-video items-center justify-center bg-gradient-to-br from-indigo-500 via-violet-500 to-fuchsia-500">
          <PlayCircle className="size-16 text-white/90" />
          <div className="absolute inset-x-4 bottom-3 h-1.5 rounded-full bg-white/30">
            <div className="h-full w-2/5 rounded-full bg-white" />
            <span className="absolute left-[40%] top-1/2 size-3 -translate-y-1/2 rounded-full border-2 border-white bg-amber-400" />
            <span className="absolute left-[70%] top-1/2 size-3 -translate-y-1/2 rounded-full border-2 border-white bg-amber-400" />
          </div>
        </div>
        <div className="grid gap-3 p-5">
          <p className="text-sm font-semibold">Which part of a cell produces most of its energy?</p>
          {['Nucleus', 'Mitochondria', 'Ribosome'].map((option, index) => (
            <div
              key={option}
              className={cn(
                'flex items-center gap-2 rounded-md border px-3 py-2 text-sm',
                index === 1 && 'border-primary bg-accent font-medium',
              )}
            >
              <span className={cn('size-3.5 rounded-full border', index === 1 && 'border-4 border-primary')} />
              {option}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
