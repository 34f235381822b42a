import type {
  AdminConversationResponse,
  AdminConversationsResponse,
  ContactRequest,
  ContactResponse,
  ConversationResponse,
  SupportAttachmentResponse,
  SupportMessageRequest,
  SupportMessageResponse,
} from '../../shared/support';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

/** The contact form and a signed-in person's own chat with support. */
export const supportApi = {
  contact: (input: ContactRequest) => api<ContactResponse>('/contact', { body: input }),
  conversation: () => api<ConversationResponse>('/support/conversation'),
  send: (input: SupportMessageRequest) =>
    api<SupportMessageResponse>('/support/messages', { body: input }),
  /** The open screen showed the operators' answers up to `until`: they are not e-mailed. */
  seen: (until: string) => api<void>('/support/seen', { body: { until } }),
  attach: (file: Blob) => api<SupportAttachmentResponse>('/support/attachments', { raw: file }),
  /** A screenshot as a data: URL (the app's CSP shows images only so). */
  picture: (url: string) => api<string>(url.replace(/^\/api/, ''), { dataUrl: true }),
};

/** The Support tab of the operators' console. */
export const deskApi = {
  conversations: () => api<AdminConversationsResponse>('/admin/support/conversations'),
  conversation: (conversationId: string) =>
    api<AdminConversationResponse>(`/admin/support/conversations/${id(conversationId)}`),
  answer: (conversationId: string, input: SupportMessageRequest) =>
    api<SupportMessageResponse>(`/admin/support/conversations/${id(conversationId)}/messages`, {
      body: input,
    }),
  attach: (conversationId: string, file: Blob) =>
    api<SupportAttachmentResponse>(
      `/admin/support/conversations/${id(conversationId)}/attachments`,
      { raw: file },
    ),
  assign: (conversationId: string, operatorId?: string | null) =>
    api(`/admin/support/conversations/${id(conversationId)}/assign`, {
      body: operatorId === undefined ? {} : { operatorId },
    }),
  close: (conversationId: string) =>
    api(`/admin/support/conversations/${id(conversationId)}/close`, { body: {} }),
  reopen: (conversationId: string) =>
    api(`/admin/support/conversations/${id(conversationId)}/reopen`, { body: {} }),
};
