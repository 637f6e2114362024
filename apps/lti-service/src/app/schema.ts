export const LTI_SCHEMA = 'lti';
