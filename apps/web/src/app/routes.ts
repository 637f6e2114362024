/** Every path of the product (both spec documents), in one place. */
export const routes = {
  home: '/',
  signIn: '/auth/signin',
  signUp: '/auth/signup',
  authCallback: '/auth/callback',
  forgotPassword: '/auth/forgot-password',
  terms: '/terms',
  privacy: '/privacy',
  userDashboard: '/user-dashboard',
  dashboard: '/dashboard',
  admin: '/admin',
  adminLogin: '/admin/login',
  adminSite: '/admin/site',
  create: '/create',
  editQuestions: (id: string | number) => `/edit-questions/${id}`,
  play: (id: string | number) => `/play/${id}`,
  player: (id: string | number) => `/player/${id}`,
  simplePlayer: (id: string | number) => `/simple-player/${id}`,
  video: (id: string | number) => `/video/${id}`,
  /** A lesson's results for its owner (issue 14; the spec names no route for it). */
  lessonResults: (id: string | number) => `/lesson-results/${id}`,
  embed: (id: string | number) => `/embed/${id}`,
  vr: (id: string | number) => `/vr/${id}`,
  vrYoutube: (id: string) => `/vr/youtube/${id}`,
  vrLearning: '/vr-learning',
  ltiLaunch: '/lti/launch',
  ltiDeepLink: '/lti/deep-link',
  subscribe: '/subscribe',
} as const;

export const SUPPORT_EMAIL = 'support@veolearn.app';

/** Opt in to react-router v7 behaviour now, so the later upgrade changes nothing. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
