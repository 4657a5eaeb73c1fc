export interface MessagingConfig {
  telegramToken: string;
  /** grammy's client.apiRoot: Telegram's, or a local Bot API server (tests, self-hosted). */
  telegramApiRoot: string;
  /** Numeric Telegram user ids; empty means nobody. */
  allowedUsers: ReadonlySet<number>;
  coreUrl: string;
  coreUser: string;
  corePassword: string;
}

export class MessagingConfigError extends Error {}

const DEFAULTS = {
  TELEGRAM_API_ROOT: 'https://api.telegram.org',
  CORE_URL: 'http://agent-core:8080',
  MESSAGING_USER: 'messaging',
} as const;

/** MESSAGING_ALLOWED_USERS: comma-separated numeric user ids (what @userinfobot tells). */
export function parseAllowedUsers(text: string | undefined): Set<number> {
  const users = new Set<number>();
  for (const item of (text ?? '').split(',').map((entry) => entry.trim())) {
    if (item === '') continue;
    if (!/^\d{1,20}$/.test(item))
      throw new MessagingConfigError(
        `MESSAGING_ALLOWED_USERS: "${item}" is not a numeric Telegram user id`,
      );
    users.add(Number(item));
  }
  return users;
}

function url(name: string, text: string): string {
  if (!/^https?:\/\/[^/]+/.test(text))
    throw new MessagingConfigError(`${name} must be an http(s) URL`);
  return text.replace(/\/+$/, '');
}

/** Reads and checks the environment once at start; a bad value stops the bridge naming it. */
export function loadMessagingConfig(env: Record<string, string | undefined>): MessagingConfig {
  const token = env.TELEGRAM_BOT_TOKEN ?? '';
  if (!/^\d+:[A-Za-z0-9_-]{20,}$/.test(token))
    throw new MessagingConfigError(
      'TELEGRAM_BOT_TOKEN must be set to the token @BotFather gave (123456:ABC...)',
    );
  const password = env.MESSAGING_PASSWORD ?? '';
  if (password.length < 16)
    throw new MessagingConfigError(
      'MESSAGING_PASSWORD must be set (the install script generates it)',
    );
  return {
    telegramToken: token,
    telegramApiRoot: url('TELEGRAM_API_ROOT', env.TELEGRAM_API_ROOT || DEFAULTS.TELEGRAM_API_ROOT),
    allowedUsers: parseAllowedUsers(env.MESSAGING_ALLOWED_USERS),
    coreUrl: url('CORE_URL', env.CORE_URL || DEFAULTS.CORE_URL),
    coreUser: env.MESSAGING_USER || DEFAULTS.MESSAGING_USER,
    corePassword: password,
  };
}
