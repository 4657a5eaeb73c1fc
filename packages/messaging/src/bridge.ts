import { writeFile } from 'node:fs/promises';
import { Bot, type Context } from 'grammy';
import type { MessagingConfig } from './config.js';
import { ConfirmationPrompts } from './confirmation-prompts.js';
import { Conversations, type RetryPolicy } from './conversations.js';
import { CoreClient, CoreUnreachableError } from './core-client.js';
import { type BridgeLog, stdoutLog } from './log.js';
import { RefusalRecorder } from './refusals.js';

export interface BridgeOptions {
  config: MessagingConfig;
  log?: BridgeLog;
  retry?: RetryPolicy;
  /** Touched after every answered long poll, for the container's healthcheck. */
  heartbeatFile?: string;
}

export interface Bridge {
  bot: Bot;
  /** Resolves once long polling runs. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const HELP_TEXT = [
  'Write to me and I pass your message to the agent; its reply comes back here.',
  'Risky actions arrive with a preview and Approve / Deny buttons.',
  '/status: how the agent is doing. /goals: its active goals.',
  'Panic Reset is not available from Telegram: only the dashboard can start it.',
].join('\n');

export const RESET_REFUSAL =
  'Panic Reset cannot be started from Telegram. It is only on the dashboard, on its /reset page.';

function statusText(health: Awaited<ReturnType<CoreClient['health']>>): string {
  const parts = Object.entries(health.components)
    .filter(([, value]) => typeof value === 'object' && value !== null && 'status' in value)
    .map(([name, value]) => `${name}: ${(value as { status: string }).status}`);
  const cpi =
    typeof health.components.cpi === 'number'
      ? `\ncognitive pressure: ${health.components.cpi}/100`
      : '';
  return `Agent ${health.status} (version ${health.version})\n${parts.join('\n')}${cpi}`;
}

const kindOf = (ctx: Context) =>
  ctx.callbackQuery ? 'button' : ctx.message?.text?.startsWith('/') ? 'command' : 'message';

/**
 * agent-messaging: a Telegram bot by long polling (grammy) that relays allowed users' messages
 * to agent-core's chat as the bridge's own account, with chat_id `telegram:<chat id>`.
 */
export function createBridge(options: BridgeOptions): Bridge {
  const { config } = options;
  const log = options.log ?? stdoutLog;
  const bot = new Bot(config.telegramToken, { client: { apiRoot: config.telegramApiRoot } });
  const core = new CoreClient(config.coreUrl, config.coreUser, config.corePassword);
  const prompts = new ConfirmationPrompts(bot.api, core, log);
  const conversations = new Conversations(
    bot.api,
    core,
    prompts,
    options.retry ?? { firstDelayMs: 2_000, maxDelayMs: 60_000 },
    log,
  );
  const refusals = new RefusalRecorder(core, log);
  const heartbeat = options.heartbeatFile;
  if (heartbeat)
    bot.api.config.use(async (previous, method, payload, signal) => {
      const result = await previous(method, payload, signal);
      if (method === 'getUpdates' && result.ok)
        await writeFile(heartbeat, new Date().toISOString()).catch(() => {});
      return result;
    });

  // Only MESSAGING_ALLOWED_USERS get past this; everyone else gets no answer at all.
  bot.use(async (ctx, next) => {
    const user = ctx.from?.id;
    if (user === undefined) return;
    if (config.allowedUsers.has(user)) return next();
    await refusals.refuse(user, ctx.chat?.id ?? user, kindOf(ctx));
  });

  bot.command(['start', 'help'], (ctx) => ctx.reply(HELP_TEXT));
  bot.command('reset', (ctx) => ctx.reply(RESET_REFUSAL));
  bot.command('status', async (ctx) => {
    const text = await core
      .health()
      .then(statusText, (error: Error) =>
        error instanceof CoreUnreachableError
          ? 'agent-core is not reachable right now.'
          : `Health could not be read: ${error.message}`,
      );
    await ctx.reply(text);
  });
  bot.command('goals', async (ctx) => {
    const text = await core.goals().then(
      (goals) =>
        goals.length === 0
          ? 'No active goals.'
          : `Active goals:\n${goals.map((g) => `- [priority ${g.priority}] ${g.objective}${typeof g.progress === 'number' ? ` (${g.progress} %)` : ''}`).join('\n')}`,
      (error: Error) =>
        error instanceof CoreUnreachableError
          ? 'agent-core is not reachable right now.'
          : `Goals could not be read: ${error.message}`,
    );
    await ctx.reply(text);
  });
  bot.on('callback_query:data', async (ctx) => {
    const message = ctx.callbackQuery.message;
    if (!message) return ctx.answerCallbackQuery();
    await prompts.press({
      data: ctx.callbackQuery.data,
      chatId: message.chat.id,
      messageId: message.message_id,
      who: ctx.from.username ? `@${ctx.from.username}` : ctx.from.first_name,
      answer: (text) => ctx.answerCallbackQuery({ text }),
    });
  });
  bot.on('message:text', (ctx) => conversations.enqueue(ctx.chat.id, ctx.message.text));
  bot.catch((error) => log('messaging.update_failed', { reason: error.message }));

  return {
    bot,
    start() {
      if (config.allowedUsers.size === 0)
        log('messaging.nobody_allowed', {
          message: 'MESSAGING_ALLOWED_USERS is empty: the bridge answers nobody',
        });
      return new Promise<void>((resolve, reject) => {
        bot
          .start({
            allowed_updates: ['message', 'callback_query'],
            onStart: async (me) => {
              await bot.api
                .setMyCommands([
                  { command: 'status', description: 'How the agent is doing' },
                  { command: 'goals', description: 'Its active goals' },
                  { command: 'help', description: 'What this bot does' },
                ])
                .catch(() => {});
              log('messaging.started', {
                bot: me.username,
                allowed_users: config.allowedUsers.size,
              });
              resolve();
            },
          })
          .catch(reject);
      });
    },
    async stop() {
      await bot.stop();
      const left = await conversations.stop();
      log('messaging.stopped', { undelivered: left });
    },
  };
}
