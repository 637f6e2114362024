import { PageLoader } from '../components/layout/page-loader';
import { useRequiredSession } from '../features/auth/hooks/use-session';
import { CreateHeader } from '../features/create/components/create-header';
import { CreateWizard } from '../features/create/components/create-wizard';

/** /create: the creation wizard, for signed-in creators only (spec section 6). */
export default function CreatePage() {
  const { user, loading } = useRequiredSession();
  if (loading || !user) return <PageLoader label="Checking your session..." />;
  return (
    <div className="min-h-screen bg-muted/30">
      <CreateHeader />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <CreateWizard />
      </main>
    </div>
  );
}
