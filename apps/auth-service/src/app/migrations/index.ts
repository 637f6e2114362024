import { CreateAuthSchema1763770000000 } from './1763770000000-create-auth-schema';
import { CreateSubscriptionEvents1763780000000 } from './1763780000000-create-subscription-events';
import { AddUsersEmailVerified1763790000000 } from './1763790000000-add-users-email-verified';
import { LoginThrottlesPerClient1763800000000 } from './1763800000000-login-throttles-per-client';
import { AuthOutbox1764900000000 } from './1764900000000-outbox';

export const AUTH_MIGRATIONS = [CreateAuthSchema1763770000000, CreateSubscriptionEvents1763780000000, AddUsersEmailVerified1763790000000, LoginThrottlesPerClient1763800000000, AuthOutbox1764900000000];
