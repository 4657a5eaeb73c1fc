import { describe, expect, it } from 'vitest';
import { loadMessagingConfig, MessagingConfigError, parseAllowedUsers } from './config.js';

const valid = {
  TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  MESSAGING_PASSWORD: 'bridge-password-0123456789',
};

describe('messaging configuration', () => {
  it('reads numeric user ids; empty means nobody', () => {
    expect([...parseAllowedUsers(' 42, 1001 ,,')]).toEqual([42, 1001]);
    expect(parseAllowedUsers('').size).toBe(0);
    expect(parseAllowedUsers(undefined).size).toBe(0);
    expect(() => parseAllowedUsers('42,@alice')).toThrow(
      /"@alice" is not a numeric Telegram user id/,
    );
  });

  it('needs the bot token and the password, and defaults the rest for the compose network', () => {
    expect(loadMessagingConfig(valid)).toMatchObject({
      telegramApiRoot: 'https://api.telegram.org',
      coreUrl: 'http://agent-core:8080',
      coreUser: 'messaging',
    });
    expect(() => loadMessagingConfig({ ...valid, TELEGRAM_BOT_TOKEN: 'nope' })).toThrow(
      MessagingConfigError,
    );
    expect(() => loadMessagingConfig({ ...valid, MESSAGING_PASSWORD: '' })).toThrow(
      /MESSAGING_PASSWORD/,
    );
    expect(() => loadMessagingConfig({ ...valid, CORE_URL: 'agent-core:8080' })).toThrow(
      /CORE_URL/,
    );
  });
});
