import { Link } from 'react-router-dom';
import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '../components/ui/card';
import { buttonVariants } from '../components/ui/button';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
            Back to home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
