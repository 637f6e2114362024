import { Link } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { Brand } from '../../../components/layout/brand';
import { Button, buttonVariants } from '../../../components/ui/button';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { routes } from '../../../app/routes';

const SECTION_LINKS = [
  { href: '#how-it-works', label: 'How it works' },
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#faq', label: 'FAQ' },
];

export function LandingNav({ signedIn }: { signedIn: boolean }) {
  const signOut = useSignOut('/');
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <ul className="hidden items-center gap-6 text-sm text-muted-foreground md:flex">
          {SECTION_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="rounded-sm transition-colors hover:text-foreground">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          {signedIn ? (
            <>
              <Link to={routes.userDashboard} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                Dashboard
              </Link>
              <Button size="sm" variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </>
          ) : (
            <>
              <Link to={routes.signIn} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                Sign In
              </Link>
              <Link to={routes.signUp} className={buttonVariants({ size: 'sm' })}>
                Start Free Trial
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
