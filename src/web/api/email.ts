import type {
  ChangeEmailRequest,
  EmailSentResponse,
  LinkAccountRequest,
  LinkAccountResponse,
  LinkRequestInfo,
  VerifyEmailResponse,
} from '../../shared/email-verification';
import { api } from './client';

export const emailApi = {
  verify: (token: string) => api<VerifyEmailResponse>('/auth/verify-email', { body: { token } }),
  resend: () => api<EmailSentResponse>('/auth/resend-verification', { method: 'POST' }),
  change: (body: ChangeEmailRequest) => api<EmailSentResponse>('/auth/email', { body }),
  linkInfo: (token: string) =>
    api<LinkRequestInfo>(`/auth/link?token=${encodeURIComponent(token)}`),
  link: (body: LinkAccountRequest) => api<LinkAccountResponse>('/auth/link', { body }),
};
