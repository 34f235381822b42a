import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AnnouncementBanner } from './components/AnnouncementBanner';
import { LivePlan } from './hooks/billing';
import { SessionProvider } from './hooks/session';
import { LiveTeams } from './hooks/teams';
import { ToastProvider } from './components/Toaster';
import { router } from './routes';

// Queries: 5-minute cache; no refetch on window focus; screens that must not retry
// say so on their own queries, the rest retry 3 times with backoff from 1 s doubling to 30 s.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
      retry: 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LivePlan />
        <LiveTeams />
        <ToastProvider>
          {/* Outside the router: every screen shows it, and it survives navigation. */}
          <AnnouncementBanner />
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
