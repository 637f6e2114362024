import { LoginThrottleEntity } from './login-throttle.entity';
import { SecurityEventEntity } from './security-event.entity';
import { SessionEntity } from './session.entity';
import { SubscriptionEventEntity } from './subscription-event.entity';
import { UserEntity } from './user.entity';

export { LoginThrottleEntity, SecurityEventEntity, SessionEntity, SubscriptionEventEntity, UserEntity };
export const AUTH_ENTITIES = [UserEntity, SessionEntity, LoginThrottleEntity, SecurityEventEntity, SubscriptionEventEntity];
export const AUTH_SCHEMA = 'auth';
