import { SHARING_PLAN_RULE } from '@veolearn/domain';

/**
 * What each plan may share, in the words Billing, /subscribe, the Share step and the export dialog
 * all use. The rule and its sentence are the server's (libs/domain plans.ts); a refusal shows the
 * server's 402 message.
 */
export const SHARE_ON_EVERY_PLAN = 'Share link and embed code';
export const SCORM_EXPORT = 'SCORM 1.2 and 2004 export';
export const LMS_INTEGRATION = 'LMS (LTI) integration';

export const SHARING_RULE = SHARING_PLAN_RULE;
