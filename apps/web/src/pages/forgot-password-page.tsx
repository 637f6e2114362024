import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Info } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { AuthShell } from '../features/auth/components/auth-shell';
import { SUPPORT_EMAIL, routes } from '../app/routes';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
  }

  const subject = encodeURIComponent('Password reset request');
  const body = encodeURIComponent(
    `Hello VeoLearn support,\n\nPlease help me reset the password of the account registered to ${email || '<your e-mail>'}.\n`,
  );

  return (
    <AuthShell>
      <Card className="mt-6">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">Forgot your password?</CardTitle>
          <CardDescription>Enter the e-mail address of your VeoLearn account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form className="grid gap-4" onSubmit={handleSubmit}>
            <div className="grid gap-2">
              <Label htmlFor="forgot-email">Email</Label>
              <Input
                id="forgot-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <Button type="submit" className="w-full">
              Continue
            </Button>
          </form>
          {submitted && (
            <div role="status" className="flex gap-3 rounded-md border bg-muted/60 p-4 text-sm">
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid gap-2">
                <p>
                  Self-service password reset by e-mail is not available yet, so no e-mail has been sent.
                </p>
                <p>
                  Please write to our support team from the address of your account and we will help you
                  regain access:{' '}
                  <a
                    className="font-medium text-primary underline-offset-4 hover:underline"
                    href={`mailto:${SUPPORT_EMAIL}?subject=${subject}&body=${body}`}
                  >
                    {SUPPORT_EMAIL}
                  </a>
                </p>
              </div>
            </div>
          )}
        </CardContent>
        <CardFooter className="justify-center text-sm">
          <Link to={routes.signIn} className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
