import { Link } from 'react-router-dom';
import { Construction } from 'lucide-react';
import { SimplePage } from '../components/layout/simple-page';
import { buttonVariants } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';

export interface ComingSoonPageProps {
  feature: string;
  description: string;
}

/** Honest placeholder for screens that later issues build. Shows no sample data. */
export default function ComingSoonPage({ feature, description }: ComingSoonPageProps) {
  return (
    <SimplePage>
      <Card className="mx-auto max-w-xl text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Construction className="size-6" aria-hidden="true" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            <span className="block">{feature}</span>
          </CardTitle>
          <CardDescription className="text-base">
            <span className="font-medium text-foreground">Coming soon.</span> {description}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to home
          </Link>
          <Link to="/user-dashboard" className={buttonVariants()}>
            Go to dashboard
          </Link>
        </CardContent>
      </Card>
    </SimplePage>
  );
}
