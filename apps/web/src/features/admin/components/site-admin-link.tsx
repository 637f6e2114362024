import { Link } from 'react-router-dom';
import { ShieldCheck } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { routes } from '../../../app/routes';

/** The link to /admin/site: shown only to the account named admin (spec section 6). */
export function SiteAdminLink({ username }: { username: string }) {
  if (username !== 'admin') return null;
  return (
    <Link to={routes.adminSite} className={buttonVariants({ variant: 'secondary' })}>
      <ShieldCheck aria-hidden="true" />
      Site Admin
    </Link>
  );
}
