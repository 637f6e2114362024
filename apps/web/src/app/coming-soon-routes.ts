import { routes } from './routes';

export interface PlaceholderRoute {
  path: string;
  feature: string;
  description: string;
}

/** Routes whose screens later issues build; until then they say so. */
export const PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
  { path: routes.admin, feature: 'Admin dashboard', description: 'Users, revenue, costs, security and analytics for administrators.' },
  { path: routes.adminLogin, feature: 'Admin sign-in', description: 'A dedicated sign-in for the admin area.' },
  { path: routes.adminSite, feature: 'Site administration', description: 'Site-wide settings for the administrator account.' },
  { path: routes.vrYoutube(':id'), feature: 'VR player', description: 'Watch a lesson in 360° with quiz overlays in a WebXR headset.' },
  { path: routes.vr(':id'), feature: 'VR player', description: 'Watch a lesson in 360° with quiz overlays in a WebXR headset.' },
  { path: routes.ltiLaunch, feature: 'LTI launch', description: 'Lessons opened from a learning management system.' },
  { path: routes.vrLearning, feature: 'VR learning hub', description: 'Browse lessons you can play in a VR headset.' },
];
