import type {
  AuthResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  UpdateProfileRequest,
  LoginRequest,
  RegisterRequest,
  SignInCodeRequest,
  User,
} from '../../shared/user';
import type { OAuthPublicConfig } from '../../shared/oauth';
import type { TwoFactorRequiredResponse } from '../../shared/two-factor';
import { api } from './client';

export const authApi = {
  me: () => api<{ user: User }>('/auth/me'),
  login: (body: LoginRequest) =>
    api<AuthResponse | TwoFactorRequiredResponse>('/auth/login', { body }),
  register: (body: RegisterRequest) => api<AuthResponse>('/auth/register', { body }),
  exchangeCode: (body: SignInCodeRequest) =>
    api<AuthResponse | TwoFactorRequiredResponse>('/auth/callback', { body }),
  guest: () => api<AuthResponse>('/auth/guest', { method: 'POST' }),
  logout: () => api<{ ok: true }>('/auth/logout', { method: 'POST' }),
  updateProfile: (body: UpdateProfileRequest) =>
    api<{ user: User }>('/auth/me', { method: 'PATCH', body }),
  changePassword: (body: ChangePasswordRequest) =>
    api<ChangePasswordResponse>('/auth/password', { body }),
};

export interface PublicConfig {
  sitesDomain: string;
  sitesProtocol: 'http' | 'https';
  features: { analytics: boolean };
  oauth: OAuthPublicConfig;
}

export const configApi = {
  get: () => api<PublicConfig>('/config'),
};
