import type { ReactNode } from 'react';
import { Brand } from '../../../components/layout/brand';
import { Separator } from '../../../components/ui/separator';
import { routes } from '../../../app/routes';

/** The admin pages' header: the brand (home is the admin dashboard), the page's title and its actions. */
export function AdminHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-4">
          <Brand to={routes.admin} />
          <Separator orientation="vertical" className="hidden h-8 sm:block" />
          <h1 className="text-lg font-semibold">{title}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">{children}</div>
      </div>
    </header>
  );
}
