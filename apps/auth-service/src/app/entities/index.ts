import { LoginThrottleEntity } from './login-throttle.entity';
import { SecurityEventEntity } from './security-event.entity';
import { SessionEntity } from './session.entity';
import { UserEntity } from './user.entity';

export { LoginThrottleEntity, SecurityEventEntity, SessionEntity, UserEntity };
export const AUTH_ENTITIES = [UserEntity, SessionEntity, LoginThrottleEntity, SecurityEventEntity];
export const AUTH_SCHEMA = 'auth';
