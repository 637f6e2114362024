import { Link } from 'react-router-dom';
import {
  ArrowRight,
  Check,
  CheckCircle2,
  ChevronDown,
  Download,
  FileArchive,
  Glasses,
  Hand,
  Mail,
  MessageSquareQuote,
  Minus,
  Quote,
} from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { FAQS, FEATURES, HOW_IT_WORKS, PRICING_PLANS, STATS, TESTIMONIALS } from '../landing-content';
import { LtiModal } from './lti-modal';
import { SectionHeading } from './section-heading';
import { SUPPORT_EMAIL, routes } from '../../../app/routes';
import { container } from './landing-layout';

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-16 py-20">
      <div className={container}>
        <SectionHeading id="how-title" eyebrow="How it works" title="From video to lesson in four steps" />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function StatsSection() {
  return (
    <section aria-label="VeoLearn at a glance" className="border-y bg-primary text-primary-foreground">
      <dl className={cn(container, 'grid grid-cols-2 gap-8 py-12 text-center lg:grid-cols-4')}>
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-primary-foreground/90">{stat.label}</dt>
            <dd className="text-2xl font-extrabold sm:text-3xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20">
      <div className={container}>
        <SectionHeading id="features-title" eyebrow="Features" title="Everything a video lesson needs">
          Questions, feedback, tracking and delivery, built around the videos you already use.
        </SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader>
                  <span className={cn('flex size-10 items-center justify-center rounded-lg', feature.color)}>
                    <feature.icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle className="mt-3 text-base">{feature.title}</CardTitle>
                  <CardDescription>{feature.description}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function VrDemoSection() {
  return (
    <section aria-labelledby="vr-title" className="bg-slate-950 py-20 text-white">
      <div className={cn(container, 'grid items-center gap-12 lg:grid-cols-2')}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-violet-300">VR learning</p>
          <h2 id="vr-title" className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Step inside the lesson
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Play 360° videos in a WebXR headset. Questions float in front of the learner and are answered with hand
            controllers, with the same scoring as the browser player.
          </p>
          <ul className="mt-6 grid gap-2 text-slate-200">
            {['Works with WebXR headsets in Chrome or Firefox', 'Quiz overlays inside the 360° scene', 'Hand-controller answers'].map(
              (item) => (
                <li key={item} className="flex items-center gap-2">
                  <CheckCircle2 className="size-4 text-violet-300" aria-hidden="true" />
                  {item}
                </li>
              ),
            )}
          </ul>
          <Link
            to={routes.vrLearning}
            className={buttonVariants({ size: 'lg', className: 'mt-8 bg-white text-slate-950 hover:bg-slate-200' })}
          >
            <Glasses aria-hidden="true" />
            Try VR Videos
          </Link>
        </div>
        <div aria-hidden="true" className="relative mx-auto flex aspect-square w-full max-w-sm items-center justify-center">
          <div className="absolute inset-0 rounded-full bg-gradient-to-br from-violet-600/40 to-cyan-500/30 blur-2xl" />
          <div className="relative flex size-56 items-center justify-center rounded-full border border-white/20 bg-white/5">
            <Glasses className="size-20 text-violet-200" />
            <Hand className="absolute bottom-8 right-8 size-8 text-cyan-200" />
          </div>
        </div>
      </div>
    </section>
  );
}

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="py-20">
      <div className={container}>
        <SectionHeading id="testimonials-title" eyebrow="Why educators want it" title="Made for the way people teach with video">
          Sample quotes describing the use cases VeoLearn is built for. They are illustrations, not customer reviews.
        </SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <Card className="h-full">
                <CardContent className="flex h-full flex-col gap-4 pt-6">
                  <Quote className="size-6 text-primary/40" aria-hidden="true" />
                  <blockquote className="flex-1 text-sm leading-relaxed">{t.content}</blockquote>
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
                      {t.avatar}
                    </span>
                    <div>
                      <p className="text-sm font-medium">{t.name}</p>
                      <p className="text-xs text-muted-foreground">{t.role}</p>
                    </div>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-muted/40 py-20">
      <div className={container}>
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple per‑seat pricing">
          Start free for 7 days. Prices in Australian dollars.
        </SectionHeading>
        <ul className="grid items-stretch gap-6 lg:grid-cols-3">
          {PRICING_PLANS.map((plan) => (
            <li key={plan.name}>
              <Card className={cn('relative flex h-full flex-col', plan.highlighted && 'border-2 border-primary shadow-lg')}>
                {plan.highlighted && (
                  <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most popular</Badge>
                )}
                <CardHeader>
                  <CardTitle className="text-xl">{plan.name}</CardTitle>
                  <CardDescription>{plan.description}</CardDescription>
                  <p className="mt-4">
                    <span className="text-4xl font-extrabold">{plan.price}</span>{' '}
                    <span className="text-sm text-muted-foreground">{plan.period}</span>
                  </p>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="grid gap-2 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                    {plan.excluded?.map((item) => (
                      <li key={item} className="flex gap-2 text-muted-foreground">
                        <Minus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        {item}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Link
                    to={routes.signUp}
                    className={buttonVariants({ className: 'w-full', variant: plan.highlighted ? 'default' : 'outline' })}
                  >
                    {plan.cta}
                  </Link>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function LtiSection() {
  return (
    <section aria-labelledby="lti-title" className="py-20">
      <div className={cn(container, 'grid items-center gap-10 lg:grid-cols-2')}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">LMS integration</p>
          <h2 id="lti-title" className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Plug into your LMS with LTI 1.3
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Add VeoLearn lessons to Moodle, Canvas, Blackboard, Brightspace, Schoology or Google Classroom. Learners
            sign in once through the LMS and their scores go back to the gradebook.
          </p>
          <div className="mt-8">
            <LtiModal />
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {['Moodle', 'Canvas', 'Blackboard', 'Brightspace', 'Schoology', 'Google Classroom'].map((name) => (
            <li
              key={name}
              className="flex h-20 items-center justify-center rounded-lg border bg-card px-3 text-center text-sm font-semibold shadow-sm"
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ScormSection() {
  return (
    <section aria-labelledby="scorm-title" className="bg-muted/40 py-20">
      <div className={cn(container, 'grid items-center gap-10 lg:grid-cols-2')}>
        <div aria-hidden="true" className="order-last mx-auto w-full max-w-sm lg:order-first">
          <div className="rounded-xl border bg-card p-5 shadow-sm">
            <div className="flex items-center gap-3">
              <FileArchive className="size-10 text-primary" />
              <div>
                <p className="font-semibold">photosynthesis-lesson.zip</p>
                <p className="text-xs text-muted-foreground">SCORM 2004 package</p>
              </div>
            </div>
            <div className="mt-4 grid gap-2 text-xs text-muted-foreground">
              <p className="rounded bg-muted px-2 py-1 font-mono">imsmanifest.xml</p>
              <p className="rounded bg-muted px-2 py-1 font-mono">index.html</p>
              <p className="rounded bg-muted px-2 py-1 font-mono">questions.json</p>
            </div>
          </div>
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">SCORM export</p>
          <h2 id="scorm-title" className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Take your lessons anywhere
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Export any lesson as a SCORM 1.2 or SCORM 2004 zip and upload it to any SCORM-compliant LMS. Completion and
            scores are reported through the standard SCORM runtime.
          </p>
          <ul className="mt-6 grid gap-2">
            {['SCORM 1.2 and 2004', 'Questions and feedback included', 'Available on Pro and Enterprise'].map((item) => (
              <li key={item} className="flex items-center gap-2 text-sm">
                <Download className="size-4 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function FinalCtaSection() {
  return (
    <section aria-labelledby="cta-title" className="py-20">
      <div className={container}>
        <div className="rounded-2xl bg-gradient-to-br from-primary to-violet-600 px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
          <MessageSquareQuote className="mx-auto size-10 opacity-80" aria-hidden="true" />
          <h2 id="cta-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
            Make your next video a lesson
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-primary-foreground/85">
            Try VeoLearn free for 7 days. No credit card required.
          </p>
          <Link
            to={routes.signUp}
            className={buttonVariants({ size: 'lg', className: 'mt-8 bg-white text-primary hover:bg-white/90' })}
          >
            Start Free Trial
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 bg-muted/40 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="divide-y rounded-xl border bg-card shadow-sm">
          {FAQS.map((faq) => (
            <details key={faq.question} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm font-medium">
                {faq.question}
                <ChevronDown
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-background">
      <div className={cn(container, 'grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4')}>
        <div className="lg:col-span-2">
          <p className="text-lg font-bold">VeoLearn</p>
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">
            Interactive video lessons with AI-drafted questions, for teachers, trainers and their learners.
          </p>
        </div>
        <nav aria-label="Product">
          <p className="text-sm font-semibold">Product</p>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            <li><a href="#features" className="hover:text-foreground">Features</a></li>
            <li><a href="#pricing" className="hover:text-foreground">Pricing</a></li>
            <li><Link to={routes.vrLearning} className="hover:text-foreground">VR learning</Link></li>
            <li><Link to={routes.signUp} className="hover:text-foreground">Start Free Trial</Link></li>
          </ul>
        </nav>
        <nav aria-label="Support and legal">
          <p className="text-sm font-semibold">Support</p>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className="inline-flex items-center gap-1.5 hover:text-foreground">
                <Mail className="size-4" aria-hidden="true" />
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li><Link to={routes.terms} className="hover:text-foreground">Terms of Service</Link></li>
            <li><Link to={routes.privacy} className="hover:text-foreground">Privacy Policy</Link></li>
          </ul>
        </nav>
      </div>
      <div className="border-t py-6 text-center text-xs text-muted-foreground">© {year} VeoLearn. All rights reserved.</div>
    </footer>
  );
}
