import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SimplePage } from './simple-page';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <SimplePage>
      <article className="mx-auto max-w-3xl rounded-xl border bg-card p-6 shadow-sm sm:p-10">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p>
        <div className="mt-8 grid gap-8">
          {sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`legal-${index}`}>
              <h2 id={`legal-${index}`} className="text-lg font-semibold">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-2 grid gap-2 text-sm leading-relaxed text-muted-foreground">{section.body}</div>
            </section>
          ))}
        </div>
        <p className="mt-10 text-sm">
          <Link to="/auth/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign up
          </Link>
        </p>
      </article>
    </SimplePage>
  );
}
