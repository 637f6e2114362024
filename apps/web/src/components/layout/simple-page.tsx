import type { ReactNode } from 'react';
import { Brand } from './brand';

/** Plain page frame for the static and placeholder screens. */
export function SimplePage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">{children}</main>
    </div>
  );
}
