import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthPage } from './pages/Auth';
import { AuthCallbackPage } from './pages/AuthCallback';
import { LandingPage } from './pages/Landing';
import { PlaceholderPage } from './pages/Placeholder';
import { RouteError } from './pages/RouteError';

// The whole route table of SPEC.md section 2. Screens whose issues are still open show
// their title only (no fake data) until they land.
const placeholder = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      placeholder('/examples', 'Examples'),
      placeholder('/demo-instructions', 'Demo Instructions'),
      placeholder('/upload', 'Deploy'),
      placeholder('/dashboard', 'Dashboard'),
      placeholder('/sites/:id', 'Site Details'),
      placeholder('/analytics', 'Analytics'),
      placeholder('/deployments/:deploymentId', 'Deployment'),
      placeholder('/deployments', 'Deployment'),
      placeholder('/settings', 'Settings'),
      placeholder('/api-keys', 'API Keys'),
      placeholder('/debug', 'Debug'),
      placeholder('/about', 'About'),
      placeholder('/comparison', 'Comparison'),
      placeholder('/contact', 'Contact Us'),
      placeholder('/help', 'Help Center'),
      placeholder('/help/article/:articleId', 'Help Center'),
      placeholder('/privacy', 'Privacy Policy'),
      placeholder('/terms', 'Terms of Service'),
      placeholder('*', 'Page not found'),
    ],
  },
];

export const router = createBrowserRouter(routes);
