import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type DoneEvent,
  fetchChatMessages,
  fetchChats,
  type ProgressEvent,
  type StepStatus,
  StreamError,
  streamChat,
} from '../api/chat';
import { ApiError } from '../api/client';
import type { Session } from '../api/session';
import { handleError } from '../query-client';
import { confirmationsQueryKey } from './use-confirmations';
import { sessionQueryKey } from './use-session';

export const chatsQueryKey = ['chats'] as const;
export const chatListQueryKey = (limit: number, withBackground: boolean) =>
  ['chats', 'list', limit, withBackground] as const;
export const chatMessagesQueryKey = (chatId: string) => ['chats', 'messages', chatId] as const;

/** The operator's chats; with `withBackground`, goal, sub-agent, schedule and messaging runs too. */
export function useChats(withBackground: boolean, limit = 100) {
  return useQuery({
    queryKey: chatListQueryKey(limit, withBackground),
    queryFn: async ({ signal }) =>
      (await fetchChats(limit, withBackground ? undefined : 'operator', signal)).chats,
    refetchInterval: 30_000,
  });
}

export function useChatMessages(chatId: string) {
  return useQuery({
    queryKey: chatMessagesQueryKey(chatId),
    queryFn: ({ signal }) => fetchChatMessages(chatId, signal),
    // Reloaded when a reply finishes; a refetch in the middle of one would only show half a turn.
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  });
}

export interface TurnStep {
  step: number;
  skill: string;
  status: StepStatus;
  /** Kept after the decision, so the confirmation card stays in the conversation. */
  confirmationId?: string;
  /** Why a failed step failed, as its trace keeps it (the stream does not carry it). */
  error?: string;
}

/** The exchange being streamed (or the last one, until the saved messages replace it). */
export interface LiveTurn {
  key: number;
  chatId: string;
  userText: string;
  /** The chat's last saved message when this was sent: later ones belong to this turn. */
  afterMessageId: string | null;
  status: 'streaming' | 'done' | 'error' | 'stopped';
  steps: TurnStep[];
  text: string;
  result?: DoneEvent;
  error?: { code: string; message: string };
}

function applyProgress(steps: TurnStep[], event: ProgressEvent): TurnStep[] {
  const existing = steps.find((step) => step.step === event.step);
  const confirmationId = event.confirmation_id ?? existing?.confirmationId;
  const next: TurnStep = {
    step: event.step,
    skill: event.skill,
    status: event.status,
    ...(confirmationId ? { confirmationId } : {}),
  };
  if (!existing) return [...steps, next].sort((a, b) => a.step - b.step);
  return steps.map((step) => (step.step === event.step ? next : step));
}

let turnKeys = 0;

/** Sends a message over POST /chat/stream and follows the reply as it arrives. */
export function useChatStream() {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<LiveTurn | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the reply; the runtime cancels the work when the stream closes.
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (chatId: string, text: string, afterMessageId: string | null) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      let current: LiveTurn = {
        key: ++turnKeys,
        chatId,
        userText: text,
        afterMessageId,
        status: 'streaming',
        steps: [],
        text: '',
      };
      const commit = (next: LiveTurn) => {
        current = next;
        setTurn(next);
      };
      commit(current);
      const csrfToken = queryClient.getQueryData<Session>(sessionQueryKey)?.csrf_token;

      try {
        const done = await streamChat(
          { text, chat_id: chatId },
          {
            onProgress: (event) => {
              const before = current.steps.find((step) => step.step === event.step);
              commit({ ...current, steps: applyProgress(current.steps, event) });
              // The header badge and the inline card read the pending list: refresh it now.
              if (event.status === 'awaiting_confirmation' || before?.confirmationId)
                void queryClient.invalidateQueries({ queryKey: confirmationsQueryKey });
            },
            onChunk: (chunk) => commit({ ...current, text: current.text + chunk }),
            onDone: () => undefined,
          },
          { signal: abort.signal, csrfToken },
        );
        commit({ ...current, status: 'done', result: done, text: done.final });
      } catch (error) {
        if (abort.signal.aborted) {
          commit({ ...current, status: 'stopped' });
        } else if (error instanceof StreamError) {
          commit({
            ...current,
            status: 'error',
            error: { code: error.code, message: error.message },
          });
          notifications.show({ color: 'red', title: 'The reply failed', message: error.message });
        } else {
          const failure =
            error instanceof ApiError
              ? { code: error.code, message: error.message }
              : { code: 'unknown', message: String(error) };
          commit({ ...current, status: 'error', error: failure });
          // 401 goes to the sign-in page, anything else is a toast, as for every other call.
          handleError(error, undefined);
        }
      } finally {
        controller.current = null;
        // Whatever happened, the runtime saved the request: the list and the thread changed.
        void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
        if (current.steps.some((step) => step.confirmationId))
          void queryClient.invalidateQueries({ queryKey: confirmationsQueryKey });
      }
    },
    [queryClient],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { turn, send, stop, streaming: turn?.status === 'streaming' };
}
