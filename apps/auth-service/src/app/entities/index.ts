import { LoginClientThrottleEntity } from './login-client-throttle.entity';
import { LoginThrottleEntity } from './login-throttle.entity';
import { SecurityEventEntity } from './security-event.entity';
import { SessionEntity } from './session.entity';
import { SubscriptionEventEntity } from './subscription-event.entity';
import { UserEntity } from './user.entity';

export { LoginClientThrottleEntity, LoginThrottleEntity, SecurityEventEntity, SessionEntity, SubscriptionEventEntity, UserEntity };
export const AUTH_ENTITIES = [UserEntity, SessionEntity, LoginThrottleEntity, LoginClientThrottleEntity, SecurityEventEntity, SubscriptionEventEntity];
export const AUTH_SCHEMA = 'auth';
