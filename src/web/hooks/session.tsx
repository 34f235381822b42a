import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { GuestClaim } from '../../shared/claim';
import type { TwoFactorRequiredResponse } from '../../shared/two-factor';
import type { AuthResponse, LoginRequest, RegisterRequest, User } from '../../shared/user';
import { authApi } from '../api/auth';
import { ApiRequestError, getToken, setToken } from '../api/client';
import { resetSocket } from '../api/socket';

interface Session {
  user: User | null;
  /** True until the first check of a stored token has ended. */
  loading: boolean;
  /** The user, or the second step owed when the account has two-factor sign-in on. */
  login(input: LoginRequest): Promise<User | TwoFactorRequiredResponse>;
  register(input: RegisterRequest): Promise<User>;
  continueAsGuest(): Promise<User>;
  /** Exchanges the one-time code of a social sign-in return for a session in this browser. */
  acceptCode(code: string): Promise<User | TwoFactorRequiredResponse>;
  /** A sign-in finished elsewhere (second factor, passkey): its token becomes this browser's. */
  completeSignIn(response: AuthResponse): User;
  logout(): Promise<void>;
  refresh(): Promise<User | null>;
  /**
   * What became of this browser's guest sites at the last sign-up or sign-in (moved, or left
   * to pick from); GuestSitesOutcome shows it once and clears it.
   */
  guestClaim: GuestClaim | null;
  clearGuestClaim(): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [guestClaim, setGuestClaim] = useState<GuestClaim | null>(null);
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    if (!getToken()) {
      setUser(null);
      return null;
    }
    // Only the server saying the session is over ends it; a failed request is asked again.
    for (let attempt = 1; ; attempt++) {
      try {
        const { user } = await authApi.me();
        setUser(user);
        return user;
      } catch (err) {
        const ended = err instanceof ApiRequestError && err.status === 401;
        if (!ended && attempt < 3) {
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          continue;
        }
        if (ended) setToken(null);
        setUser(null);
        return null;
      }
    }
  }, []);

  useEffect(() => {
    refresh().finally(() => setLoading(false));
  }, [refresh]);

  const signedIn = useCallback(
    ({ token, user: next, claim }: AuthResponse) => {
      if (!token) throw new Error('No authentication token received');
      setToken(token);
      queryClient.clear();
      resetSocket();
      setGuestClaim(claim && (claim.moved.length > 0 || claim.claimable.length > 0) ? claim : null);
      setUser(next);
      return next;
    },
    [queryClient],
  );

  const value = useMemo<Session>(
    () => ({
      user,
      loading,
      login: async (input) => {
        const res = await authApi.login(input);
        return 'twoFactorRequired' in res ? res : signedIn(res);
      },
      register: async (input) => {
        return signedIn(await authApi.register(input));
      },
      continueAsGuest: async () => {
        return signedIn(await authApi.guest());
      },
      acceptCode: async (code) => {
        const res = await authApi.exchangeCode({ code });
        return 'twoFactorRequired' in res ? res : signedIn(res);
      },
      logout: async () => {
        await authApi.logout().catch(() => undefined);
        setToken(null);
        setUser(null);
        setGuestClaim(null);
        queryClient.clear();
        resetSocket();
      },
      completeSignIn: signedIn,
      refresh,
      guestClaim,
      clearGuestClaim: () => setGuestClaim(null),
    }),
    [user, loading, signedIn, refresh, queryClient, guestClaim],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in user (a guest counts), for screens that sit under the RequireUser route. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser outside RequireUser');
  return user;
}
