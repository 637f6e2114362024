import {
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@veolearn/domain';

export interface SignUpForm {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export type SignUpErrors = Partial<Record<keyof SignUpForm, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side rules of spec section 5; the server checks them again. */
export function validateSignUp(form: SignUpForm): SignUpErrors {
  const errors: SignUpErrors = {};
  const username = form.username.trim();
  if (!username) errors.username = 'Choose a username.';
  else if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH)
    errors.username = `Usernames are ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`;
  else if (!USERNAME_PATTERN.test(username))
    errors.username = 'Use letters, numbers, dots, dashes or underscores only.';

  const email = form.email.trim();
  if (!email) errors.email = 'Enter your e-mail address.';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid e-mail address, like you@example.com.';

  if (!form.password) errors.password = 'Choose a password.';
  else if (form.password.length < PASSWORD_MIN_LENGTH)
    errors.password = `Passwords need at least ${PASSWORD_MIN_LENGTH} characters.`;

  if (!form.confirmPassword) errors.confirmPassword = 'Type your password again.';
  else if (form.password !== form.confirmPassword) errors.confirmPassword = 'The passwords do not match.';

  if (!form.acceptTerms) errors.acceptTerms = 'Please accept the Terms of Service and Privacy Policy.';
  return errors;
}
