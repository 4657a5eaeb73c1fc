import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Telegram user as the Bot API describes one. */
export interface FakeUser {
  id: number;
  first_name: string;
  username?: string;
}

/** One Bot API call the bridge made, with its JSON parameters. */
export interface BotCall {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever parameters were sent.
  params: any;
}

export interface FakeTelegram {
  /** What grammy's client.apiRoot is pointed at: http://127.0.0.1:<port> */
  apiRoot: string;
  token: string;
  /** Every call the bot made, in order (getUpdates excluded). */
  calls: BotCall[];
  /** A user writes to the bot in a private chat (chat id = user id). */
  sendText(from: FakeUser, text: string): number;
  /** A user presses an inline button under one of the bot's messages. */
  pressButton(from: FakeUser, messageId: number, data: string): string;
  /** Waits until a call matching the predicate has been made after `since` (an index in calls). */
  waitFor(
    predicate: (call: BotCall) => boolean,
    since?: number,
    timeoutMs?: number,
  ): Promise<BotCall>;
  /** Messages the bot sent to a chat, with their current text and buttons (after edits). */
  messages(chatId: number): Array<{ message_id: number; text: string; reply_markup: unknown }>;
  close(): Promise<void>;
}

interface PendingPoll {
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

const BOT = { id: 7000001, is_bot: true, first_name: 'Agent', username: 'agent_runtime_bot' };

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * A local Telegram Bot API: real HTTP at /bot<token>/<method>, answering getMe, deleteWebhook,
 * long-polled getUpdates, sendMessage, sendChatAction, answerCallbackQuery, editMessageText,
 * editMessageReplyMarkup and setMyCommands with the Bot API's shapes, and refusing a wrong
 * token (401) or an unknown method (404) as Telegram does. Tests queue updates from users.
 */
export async function startFakeTelegram(
  token = '123456:TEST-token-for-the-fake-bot-api',
  /** Where to listen: 127.0.0.1 and a free port unless given (the stack test's container). */
  listen: { host?: string; port?: number } = {},
): Promise<FakeTelegram> {
  const calls: BotCall[] = [];
  const updates: Array<Record<string, unknown>> = [];
  const sent = new Map<
    number,
    Array<{ message_id: number; text: string; reply_markup: unknown }>
  >();
  const waiters = new Set<() => void>();
  let poll: PendingPoll | null = null;
  let nextUpdateId = 1;
  let nextMessageId = 1000;

  const notify = () => {
    for (const wake of [...waiters]) wake();
  };
  const flushPoll = () => {
    if (!poll) return;
    const { res, timer } = poll;
    poll = null;
    clearTimeout(timer);
    answer(res, 200, { ok: true, result: [...updates] });
  };
  const message = (chatId: number, text: string, reply_markup: unknown) => {
    const entry = { message_id: nextMessageId++, text, reply_markup: reply_markup ?? null };
    const list = sent.get(chatId) ?? [];
    list.push(entry);
    sent.set(chatId, list);
    return {
      message_id: entry.message_id,
      from: BOT,
      chat: { id: chatId, type: 'private' },
      date: Math.floor(Date.now() / 1000),
      text,
      ...(reply_markup ? { reply_markup } : {}),
    };
  };
  const findSent = (chatId: number, messageId: number) =>
    sent.get(chatId)?.find((entry) => entry.message_id === messageId);

  const server = createServer(async (req, res) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
    if (!match) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    if (match[1] !== token)
      return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = match[2] ?? '';
    let params: Record<string, unknown>;
    try {
      params = await readJson(req);
    } catch {
      return answer(res, 400, {
        ok: false,
        error_code: 400,
        description: 'Bad Request: invalid JSON',
      });
    }
    if (method === 'getUpdates') {
      const offset = typeof params.offset === 'number' ? params.offset : 0;
      // Updates below the offset are confirmed: Telegram forgets them.
      for (let i = updates.length - 1; i >= 0; i--)
        if ((updates[i]?.update_id as number) < offset) updates.splice(i, 1);
      if (updates.length > 0 || !params.timeout)
        return answer(res, 200, { ok: true, result: [...updates] });
      if (poll) flushPoll();
      const seconds = Math.min(Number(params.timeout), 30);
      poll = { res, timer: setTimeout(flushPoll, seconds * 1000) };
      req.on('close', () => {
        if (poll?.res === res) {
          clearTimeout(poll.timer);
          poll = null;
        }
      });
      return;
    }
    calls.push({ method, params });
    notify();
    const chatId = Number(params.chat_id);
    switch (method) {
      case 'getMe':
        return answer(res, 200, { ok: true, result: BOT });
      case 'deleteWebhook':
      case 'setMyCommands':
      case 'sendChatAction':
      case 'answerCallbackQuery':
        return answer(res, 200, { ok: true, result: true });
      case 'sendMessage': {
        const text = String(params.text ?? '');
        if (text.length === 0 || text.length > 4096)
          return answer(res, 400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: message is too long',
          });
        return answer(res, 200, { ok: true, result: message(chatId, text, params.reply_markup) });
      }
      case 'editMessageText':
      case 'editMessageReplyMarkup': {
        const target = findSent(chatId, Number(params.message_id));
        if (!target)
          return answer(res, 400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: message to edit not found',
          });
        if (method === 'editMessageText') target.text = String(params.text ?? '');
        target.reply_markup = params.reply_markup ?? null;
        return answer(res, 200, {
          ok: true,
          result: {
            message_id: target.message_id,
            chat: { id: chatId, type: 'private' },
            date: 0,
            text: target.text,
            from: BOT,
          },
        });
      }
      default:
        return answer(res, 404, {
          ok: false,
          error_code: 404,
          description: 'Not Found: method not found',
        });
    }
  });
  await new Promise<void>((resolve) =>
    server.listen(listen.port ?? 0, listen.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;

  const push = (update: Record<string, unknown>) => {
    updates.push({ update_id: nextUpdateId++, ...update });
    flushPoll();
  };

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    calls,
    sendText(from, text) {
      const messageId = nextMessageId++;
      const entities = text.startsWith('/')
        ? [{ type: 'bot_command', offset: 0, length: text.split(/\s/)[0]?.length ?? text.length }]
        : undefined;
      push({
        message: {
          message_id: messageId,
          from: { ...from, is_bot: false },
          chat: { id: from.id, type: 'private', first_name: from.first_name },
          date: Math.floor(Date.now() / 1000),
          text,
          ...(entities ? { entities } : {}),
        },
      });
      return messageId;
    },
    pressButton(from, messageId, data) {
      const id = String(nextUpdateId * 7919);
      const original = findSent(from.id, messageId);
      push({
        callback_query: {
          id,
          from: { ...from, is_bot: false },
          chat_instance: `instance-${from.id}`,
          data,
          message: {
            message_id: messageId,
            from: BOT,
            chat: { id: from.id, type: 'private' },
            date: Math.floor(Date.now() / 1000),
            text: original?.text ?? '',
          },
        },
      });
      return id;
    },
    waitFor(predicate, since = 0, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = calls.slice(since).find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching Bot API call within ${timeoutMs} ms; calls: ${JSON.stringify(calls.slice(since).map((c) => c.method))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    messages: (chatId) => [...(sent.get(chatId) ?? [])],
    async close() {
      flushPoll();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
