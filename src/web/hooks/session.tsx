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
import type { LoginRequest, RegisterRequest, User } from '../../shared/user';
import { authApi } from '../api/auth';
import { ApiRequestError, getToken, setToken } from '../api/client';
import { resetSocket } from '../api/socket';

interface Session {
  user: User | null;
  /** True until the first check of a stored token has ended (SPEC.md section 4). */
  loading: boolean;
  login(input: LoginRequest): Promise<User>;
  register(input: RegisterRequest): Promise<User>;
  continueAsGuest(): Promise<User>;
  /** Exchanges the one-time code of a social sign-in return for a session in this browser. */
  acceptCode(code: string): Promise<User>;
  logout(): Promise<void>;
  refresh(): Promise<User | null>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
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
    (token: string, next: User) => {
      if (!token) throw new Error('No authentication token received');
      setToken(token);
      queryClient.clear();
      resetSocket();
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
        return signedIn(res.token, res.user);
      },
      register: async (input) => {
        const res = await authApi.register(input);
        return signedIn(res.token, res.user);
      },
      continueAsGuest: async () => {
        const res = await authApi.guest();
        return signedIn(res.token, res.user);
      },
      acceptCode: async (code) => {
        const res = await authApi.exchangeCode({ code });
        return signedIn(res.token, res.user);
      },
      logout: async () => {
        await authApi.logout().catch(() => undefined);
        setToken(null);
        setUser(null);
        queryClient.clear();
        resetSocket();
      },
      refresh,
    }),
    [user, loading, signedIn, refresh, queryClient],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
