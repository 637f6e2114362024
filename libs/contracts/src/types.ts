/**
 * The API's shapes for the web app, as types only: no validators, no Nest, no values, so a browser
 * bundle can never pull server code in through them. The web imports them with `import type` from
 * `@veolearn/contracts/types` (lint refuses anything else) instead of copying them.
 */
export type * from './lib/auth.messages';
export type * from './lib/library.messages';
export type * from './lib/generation.messages';
export type * from './lib/export.messages';
export type * from './lib/lti.messages';
export type * from './lib/media.messages';
export type * from './lib/lesson-results.messages';
export type * from './lib/admin.messages';
