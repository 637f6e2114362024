import { CreateAuthSchema1763770000000 } from './1763770000000-create-auth-schema';
import { CreateSubscriptionEvents1763780000000 } from './1763780000000-create-subscription-events';

export const AUTH_MIGRATIONS = [CreateAuthSchema1763770000000, CreateSubscriptionEvents1763780000000];
