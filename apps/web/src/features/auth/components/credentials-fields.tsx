import type { ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { PasswordInput } from './password-input';

export interface Credentials {
  email: string;
  password: string;
}

/** Spec section 5: both are required, else 'Missing information' (answers whether they were missing). */
export function credentialsMissing({ email, password }: Credentials): boolean {
  if (email.trim() && password) return false;
  toast({ variant: 'destructive', title: 'Missing information', description: 'Please fill in all fields' });
  return true;
}

/** The e-mail and password fields of a sign-in form; `passwordAction` sits beside the password's label. */
export function CredentialsFields({
  idPrefix,
  value,
  onChange,
  passwordAction,
}: {
  idPrefix: string;
  value: Credentials;
  onChange: (next: Credentials) => void;
  passwordAction?: ReactNode;
}) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-email`}>Email</Label>
        <Input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={value.email}
          onChange={(e) => onChange({ ...value, email: e.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor={`${idPrefix}-password`}>Password</Label>
          {passwordAction}
        </div>
        <PasswordInput
          id={`${idPrefix}-password`}
          autoComplete="current-password"
          value={value.password}
          onChange={(e) => onChange({ ...value, password: e.target.value })}
        />
      </div>
    </>
  );
}
