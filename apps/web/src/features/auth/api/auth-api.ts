import { apiCall, apiRequest } from '../../../lib/session-client';

export interface AuthUser {
  id: number | string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  subscriptionStatus: string | null;
  trialEndsAt: string | null;
  hasUnlimitedAccess: boolean;
  /** Null when the library could not count them just now (then `unavailable` names it). */
  totalVideosCreated: number | null;
  unavailable?: string[];
  createdAt: string;
  lastLoginAt: string | null;
  isAdmin: boolean;
  plan?: string | null;
}

export interface AuthResponse {
  token: string;
  user: Pick<AuthUser, 'id' | 'isAdmin'> & Partial<AuthUser>;
}

export interface ValidateResponse {
  valid: boolean;
  user?: { id: number | string; isAdmin: boolean };
}

export interface SignInPayload {
  /** The server accepts an e-mail or a username here; the form sends the e-mail. */
  username: string;
  password: string;
}

export interface SignUpPayload {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  acceptTerms: boolean;
}

export const authEndpoints = {
  signIn: '/api/auth/signin',
  signUp: '/api/auth/signup',
  validate: '/api/auth/validate',
  user: '/api/auth/user',
  logout: '/api/auth/logout',
  google: '/api/auth/google',
  googleStatus: '/api/auth/google/status',
  googleExchange: '/api/auth/google/exchange',
} as const;

export function signIn(payload: SignInPayload): Promise<AuthResponse> {
  return apiCall<AuthResponse>('POST', authEndpoints.signIn, payload);
}

export function signUp(payload: SignUpPayload): Promise<AuthResponse> {
  return apiCall<AuthResponse>('POST', authEndpoints.signUp, payload);
}

export function validateToken(): Promise<ValidateResponse> {
  return apiCall<ValidateResponse>('GET', authEndpoints.validate);
}

export function fetchCurrentUser(): Promise<AuthUser> {
  return apiCall<AuthUser>('GET', authEndpoints.user);
}

export async function logout(): Promise<void> {
  await apiRequest<unknown>('POST', authEndpoints.logout);
}

export async function fetchGoogleStatus(): Promise<{ configured: boolean }> {
  return apiCall<{ configured: boolean }>('GET', authEndpoints.googleStatus);
}

/**
 * Exchanges the one-time code Google sign-in left on /auth/callback for the session token. The
 * server gives it only to the browser that started the sign-in (its httpOnly cookie), and once.
 */
export function exchangeGoogleCode(code: string): Promise<{ token: string }> {
  return apiCall<{ token: string }>('POST', authEndpoints.googleExchange, { code });
}

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  username?: string;
}

export function updateProfile(body: ProfileUpdate): Promise<AuthUser> {
  return apiCall<AuthUser>('PUT', authEndpoints.user, body);
}
