import type {
  DeleteAccountRequest,
  EndSessionsResponse,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  NotificationSettings,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SessionsResponse,
} from '../../shared/account';
import { api } from './client';

export const accountApi = {
  forgotPassword: (body: ForgotPasswordRequest) =>
    api<ForgotPasswordResponse>('/auth/forgot-password', { body }),
  resetPassword: (body: ResetPasswordRequest) =>
    api<ResetPasswordResponse>('/auth/reset-password', { body }),
  sessions: () => api<SessionsResponse>('/auth/sessions'),
  endSession: (id: string) =>
    api<null>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  endOtherSessions: () => api<EndSessionsResponse>('/auth/sessions', { method: 'DELETE' }),
  deleteAccount: (body: DeleteAccountRequest) =>
    api<{ ok: true }>('/auth/me', { method: 'DELETE', body }),
  notifications: () => api<NotificationSettings>('/auth/notifications'),
  setNotifications: (body: NotificationSettings) =>
    api<NotificationSettings>('/auth/notifications', { method: 'PUT', body }),
};
