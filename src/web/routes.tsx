import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from './components/NotFound';
import { RequireOperator, RequireUser } from './components/RouteGates';
import { WithSupportChat } from './components/Support/SupportWidget';
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
import { PrivacyPage } from './pages/Privacy';
import { ReportPage } from './pages/Report';
import { StatusPage } from './pages/Status';
import { RouteError } from './pages/RouteError';
import { TermsPage } from './pages/Terms';

// The whole route table. The signed-in screens load on demand, so the landing page does not
// carry their code; who may open them is said once, by the layout routes around them.
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // The support chat sits beside every app screen a signed-in person opens.
    element: <WithSupportChat />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      {
        path: '/verify-email',
        lazy: async () => ({
          Component: (await import('./pages/VerifyEmail')).VerifyEmailPage,
        }),
      },
      {
        path: '/auth/link',
        lazy: async () => ({
          Component: (await import('./pages/LinkAccount')).LinkAccountPage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('./pages/ResetPassword')).ResetPasswordPage,
        }),
      },
      { path: '/examples', element: <ExamplesPage /> },
      { path: '/demo-instructions', element: <DemoInstructionsPage /> },
      {
        path: '/upload',
        lazy: async () => ({ Component: (await import('./pages/Upload')).UploadPage }),
      },
      {
        // Screens for anyone with a session, guests included.
        element: <RequireUser />,
        children: [
          {
            path: '/dashboard',
            lazy: async () => ({ Component: (await import('./pages/Dashboard')).DashboardPage }),
          },
          {
            path: '/sites/:id',
            lazy: async () => ({
              Component: (await import('./pages/SiteDetail')).SiteDetailPage,
            }),
          },
          {
            path: '/sites/:id/edit',
            lazy: async () => ({
              Component: (await import('./pages/SiteEditor')).SiteEditorPage,
            }),
          },
          {
            path: '/teams',
            lazy: async () => ({ Component: (await import('./pages/Teams')).TeamsPage }),
          },
          {
            path: '/teams/:id',
            lazy: async () => ({ Component: (await import('./pages/Team')).TeamPage }),
          },
          {
            path: '/analytics',
            lazy: async () => ({ Component: (await import('./pages/Analytics')).AnalyticsPage }),
          },
        ],
      },
      {
        path: '/deployments/:deploymentId',
        lazy: async () => ({ Component: (await import('./pages/Deployment')).DeploymentPage }),
      },
      {
        // Where a site's Remix button leads: open to anyone; a guest session is made on Remix.
        path: '/remix/:siteId',
        lazy: async () => ({ Component: (await import('./pages/Remix')).RemixPage }),
      },
      {
        path: '/claim/:token',
        lazy: async () => ({ Component: (await import('./pages/Claim')).ClaimPage }),
      },
      {
        // Open to anyone holding the link: it says what it invites to before signing in.
        path: '/invitations/:token',
        lazy: async () => ({ Component: (await import('./pages/Invitation')).InvitationPage }),
      },
      // The progress screen without an id has nothing to show: it sends people to the dashboard.
      { path: '/deployments', element: <Navigate to="/dashboard" replace /> },
      {
        path: '/settings',
        lazy: async () => ({ Component: (await import('./pages/Settings')).SettingsPage }),
      },
      {
        path: '/api-keys',
        lazy: async () => ({ Component: (await import('./pages/ApiKeys')).ApiKeysPage }),
      },
      {
        element: <RequireOperator />,
        children: [
          {
            path: '/admin',
            lazy: async () => ({ Component: (await import('./pages/Admin')).AdminPage }),
          },
        ],
      },
      { path: '/report', element: <ReportPage /> },
      { path: '/status', element: <StatusPage /> },
      { path: '/debug', element: <DebugPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/comparison', element: <ComparisonPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/help', element: <HelpPage /> },
      { path: '/help/article/:articleId', element: <HelpPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
