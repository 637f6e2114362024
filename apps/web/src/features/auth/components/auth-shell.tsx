import type { ReactNode } from 'react';
import { Brand } from '../../../components/layout/brand';

/** Centred layout of the auth screens. */
export function AuthShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-accent/60 via-background to-background">
      <header className={`mx-auto flex items-center px-4 py-5 sm:px-6 ${wide ? 'max-w-5xl' : 'max-w-6xl'}`}>
        <Brand />
      </header>
      <main className={wide ? 'mx-auto max-w-5xl px-4 pb-16 sm:px-6' : 'mx-auto max-w-md px-4 pb-16 sm:px-6'}>
        {children}
      </main>
    </div>
  );
}
