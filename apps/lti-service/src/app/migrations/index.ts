import { CreateLtiSchema1764300000001 } from './1764300000001-create-lti-schema';
import { LoginStateStorageTarget1764300000002 } from './1764300000002-login-state-storage-target';
import { AccountLinks1764300000003 } from './1764300000003-account-links';
import { LtiOutbox1764900000004 } from './1764900000004-outbox';
import { GradeRequestId1764950000003 } from './1764950000003-grade-request-id';

export const LTI_MIGRATIONS = [CreateLtiSchema1764300000001, LoginStateStorageTarget1764300000002, AccountLinks1764300000003, LtiOutbox1764900000004, GradeRequestId1764950000003];
