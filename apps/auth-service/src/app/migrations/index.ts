import { CreateAuthSchema1763770000000 } from './1763770000000-create-auth-schema';

export const AUTH_MIGRATIONS = [CreateAuthSchema1763770000000];
