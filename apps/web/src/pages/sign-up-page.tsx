import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { toast } from '../components/ui/use-toast';
import { signUp } from '../features/auth/api/auth-api';
import { authKeys } from '../features/auth/auth-query-keys';
import { AuthShell } from '../features/auth/components/auth-shell';
import { GoogleButton } from '../features/auth/components/google-button';
import { OrSeparator } from '../features/auth/components/or-separator';
import { PasswordInput } from '../features/auth/components/password-input';
import { validateSignUp, type SignUpErrors, type SignUpForm } from '../features/auth/sign-up-validation';
import { serverMessage, setToken } from '../lib/session-client';
import { routes } from '../app/routes';

const EMPTY_FORM: SignUpForm = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

const TRIAL_BENEFITS = [
  '7 days free',
  'No credit card required',
  'Create 1 interactive video during the trial',
  'All 10 question types, VR playback and AI feedback',
  'Then $200 AUD/month for Premium',
];

const FIELD_ORDER: Array<keyof SignUpForm> = [
  'firstName',
  'lastName',
  'username',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
];

function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {children}
    </p>
  );
}

export default function SignUpPage() {
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<SignUpErrors>({});

  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (data) => {
      setToken(data.token);
      // Whatever was cached belonged to the previous (or no) session.
      queryClient.removeQueries({ queryKey: authKeys.all });
      toast({ title: 'Welcome to VeoLearn!', description: 'Your 7-day free trial has started.' });
      navigate(routes.userDashboard, { replace: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Sign up failed',
        description: serverMessage(error) ?? 'Please check your details and try again.',
      });
    },
  });

  function update<K extends keyof SignUpForm>(key: K, value: SignUpForm[K]) {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSignUp(form);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      document.getElementById(`signup-${firstInvalid}`)?.focus();
      return;
    }
    mutation.mutate({
      ...form,
      username: form.username.trim(),
      email: form.email.trim(),
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
    });
  }

  const describedBy = (key: keyof SignUpForm) => (errors[key] ? `signup-${key}-error` : undefined);
  const busy = mutation.isPending || mutation.isSuccess;

  return (
    <AuthShell wide>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">Create your account</CardTitle>
            <CardDescription>Start your 7-day free trial of VeoLearn.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor="signup-firstName">First name</Label>
                  <Input
                    id="signup-firstName"
                    autoComplete="given-name"
                    value={form.firstName}
                    onChange={(e) => update('firstName', e.target.value)}
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="signup-lastName">Last name</Label>
                  <Input
                    id="signup-lastName"
                    autoComplete="family-name"
                    value={form.lastName}
                    onChange={(e) => update('lastName', e.target.value)}
                  />
                </div>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="signup-username">
                  Username <span aria-hidden="true" className="text-destructive">*</span>
                </Label>
                <Input
                  id="signup-username"
                  autoComplete="username"
                  required
                  aria-invalid={errors.username ? true : undefined}
                  aria-describedby={describedBy('username')}
                  value={form.username}
                  onChange={(e) => update('username', e.target.value)}
                />
                <FieldError id="signup-username-error">{errors.username}</FieldError>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="signup-email">
                  Email <span aria-hidden="true" className="text-destructive">*</span>
                </Label>
                <Input
                  id="signup-email"
                  type="email"
                  autoComplete="email"
                  required
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={describedBy('email')}
                  value={form.email}
                  onChange={(e) => update('email', e.target.value)}
                />
                <FieldError id="signup-email-error">{errors.email}</FieldError>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid content-start gap-2">
                  <Label htmlFor="signup-password">
                    Password <span aria-hidden="true" className="text-destructive">*</span>
                  </Label>
                  <PasswordInput
                    id="signup-password"
                    autoComplete="new-password"
                    required
                    aria-invalid={errors.password ? true : undefined}
                    aria-describedby={errors.password ? 'signup-password-error' : 'signup-password-hint'}
                    value={form.password}
                    onChange={(e) => update('password', e.target.value)}
                  />
                  {errors.password ? (
                    <FieldError id="signup-password-error">{errors.password}</FieldError>
                  ) : (
                    <p id="signup-password-hint" className="text-xs text-muted-foreground">
                      At least 8 characters.
                    </p>
                  )}
                </div>
                <div className="grid content-start gap-2">
                  <Label htmlFor="signup-confirmPassword">
                    Confirm password <span aria-hidden="true" className="text-destructive">*</span>
                  </Label>
                  <PasswordInput
                    id="signup-confirmPassword"
                    autoComplete="new-password"
                    required
                    aria-invalid={errors.confirmPassword ? true : undefined}
                    aria-describedby={describedBy('confirmPassword')}
                    value={form.confirmPassword}
                    onChange={(e) => update('confirmPassword', e.target.value)}
                  />
                  <FieldError id="signup-confirmPassword-error">{errors.confirmPassword}</FieldError>
                </div>
              </div>
              <div className="grid gap-2">
                <div className="flex items-start gap-3">
                  <Checkbox
                    id="signup-acceptTerms"
                    className="mt-0.5"
                    checked={form.acceptTerms}
                    aria-invalid={errors.acceptTerms ? true : undefined}
                    aria-describedby={describedBy('acceptTerms')}
                    onCheckedChange={(checked) => update('acceptTerms', checked === true)}
                  />
                  <Label htmlFor="signup-acceptTerms" className="text-sm font-normal leading-snug">
                    I agree to the{' '}
                    <Link to={routes.terms} className="font-medium text-primary underline-offset-4 hover:underline">
                      Terms of Service
                    </Link>{' '}
                    and{' '}
                    <Link to={routes.privacy} className="font-medium text-primary underline-offset-4 hover:underline">
                      Privacy Policy
                    </Link>
                  </Label>
                </div>
                <FieldError id="signup-acceptTerms-error">{errors.acceptTerms}</FieldError>
              </div>
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
                Start Free Trial
              </Button>
            </form>
            <OrSeparator />
            <GoogleButton label="Sign up with Google" />
          </CardContent>
          <CardFooter className="justify-center text-sm text-muted-foreground">
            <span>
              Already have an account?{' '}
              <Link to={routes.signIn} className="font-medium text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>
            </span>
          </CardFooter>
        </Card>
        <Card className="border-primary/30 bg-accent/40">
          <CardHeader>
            <CardTitle as="h2">Your free trial includes</CardTitle>
            <CardDescription>Try VeoLearn before you decide.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 text-sm">
              {TRIAL_BENEFITS.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </AuthShell>
  );
}
