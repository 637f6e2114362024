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
];
