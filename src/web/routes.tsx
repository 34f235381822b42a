import { createBrowserRouter, type RouteObject } from 'react-router';
import { AboutPage } from './pages/About';
import { AuthPage } from './pages/Auth';
import { AuthCallbackPage } from './pages/AuthCallback';
import { ComparisonPage } from './pages/Comparison';
import { ContactPage } from './pages/Contact';
import { DebugPage } from './pages/Debug';
import { DemoInstructionsPage } from './pages/DemoInstructions';
import { ExamplesPage } from './pages/Examples';
import { HelpPage } from './pages/Help';
import { LandingPage } from './pages/Landing';
import { PlaceholderPage } from './pages/Placeholder';
import { PrivacyPage } from './pages/Privacy';
import { RouteError } from './pages/RouteError';
import { TermsPage } from './pages/Terms';

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
      { path: '/examples', element: <ExamplesPage /> },
      { path: '/demo-instructions', element: <DemoInstructionsPage /> },
      placeholder('/upload', 'Deploy'),
      placeholder('/dashboard', 'Dashboard'),
      placeholder('/sites/:id', 'Site Details'),
      placeholder('/analytics', 'Analytics'),
      placeholder('/deployments/:deploymentId', 'Deployment'),
      placeholder('/deployments', 'Deployment'),
      placeholder('/settings', 'Settings'),
      placeholder('/api-keys', 'API Keys'),
      { path: '/debug', element: <DebugPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/comparison', element: <ComparisonPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/help', element: <HelpPage /> },
      { path: '/help/article/:articleId', element: <HelpPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      placeholder('*', 'Page not found'),
    ],
  },
];

export const router = createBrowserRouter(routes);
