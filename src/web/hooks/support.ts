import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EVENTS } from '../../shared/events';
import type {
  ConversationResponse,
  SupportMessage,
  SupportMessageRequest,
  SupportUpdateEvent,
} from '../../shared/support';
import { deskApi, supportApi } from '../api/support';
import { useRealtimeRoom } from './realtime';

const CHAT_KEY = ['support', 'conversation'] as const;

function withMessage(
  data: ConversationResponse | undefined,
  message: SupportMessage,
): ConversationResponse | undefined {
  if (!data || data.conversation.messages.some((m) => m.id === message.id)) return data;
  return {
    conversation: { ...data.conversation, messages: [...data.conversation.messages, message] },
  };
}

/**
 * A signed-in person's conversation with support, kept live: operators' answers arrive over
 * the socket (their user room) and are confirmed to the server as shown, so they are not
 * e-mailed. `onAnswer` hears each answer as it arrives.
 */
export function useSupportChat(
  userId: string | null,
  opened: boolean,
  onAnswer?: (message: SupportMessage) => void,
) {
  const client = useQueryClient();
  const chat = useQuery({
    queryKey: CHAT_KEY,
    queryFn: () => supportApi.conversation(),
    // Fetched once the person opens the chat: an account that never asks gets no conversation.
    enabled: userId !== null && opened,
    staleTime: 60_000,
    retry: false,
  });
  // Invalidating (not refetching) leaves an unopened chat unfetched.
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: CHAT_KEY }), [client]);
  const onEvent = useCallback(
    (e: SupportUpdateEvent) => {
      if (!e.message) {
        reload();
        return;
      }
      const message = e.message;
      client.setQueryData<ConversationResponse>(CHAT_KEY, (d) => withMessage(d, message));
      if (message.from === 'operator') {
        supportApi.seen(message.createdAt).catch(() => undefined);
        onAnswer?.(message);
      }
    },
    [client, reload, onAnswer],
  );
  // After a reconnection, what came while the socket was down is fetched again.
  useRealtimeRoom(EVENTS.joinUser, userId, EVENTS.supportUpdate, onEvent, reload);

  const send = useMutation({
    mutationFn: (input: SupportMessageRequest) => supportApi.send(input),
    onSuccess: ({ message }) =>
      client.setQueryData<ConversationResponse>(CHAT_KEY, (d) => withMessage(d, message)),
  });
  return { chat, send };
}

const DESK_KEY = ['admin', 'support'] as const;

/** The operators' list of conversations, and the open one, kept live through the desk room. */
export function useSupportDesk(openId: string | null) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...DESK_KEY, 'list'],
    queryFn: () => deskApi.conversations(),
    retry: false,
    staleTime: 0,
  });
  const open = useQuery({
    queryKey: [...DESK_KEY, 'conversation', openId],
    queryFn: () => deskApi.conversation(openId!),
    enabled: openId !== null,
    retry: false,
    staleTime: 0,
  });
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: DESK_KEY }),
    [client],
  );
  const onEvent = useCallback(
    (e: SupportUpdateEvent) => {
      // Opening a conversation is reading it: its unread count in the list changes, while
      // fetching it again would only read it again.
      if (e.change === 'read' && e.conversationId === openId) {
        void client.invalidateQueries({ queryKey: [...DESK_KEY, 'list'] });
        return;
      }
      refresh();
    },
    [client, openId, refresh],
  );
  useRealtimeRoom(EVENTS.joinSupportDesk, 'desk', EVENTS.supportUpdate, onEvent, refresh);
  return { list, open, refresh };
}
