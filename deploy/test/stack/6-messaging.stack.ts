// agent-messaging in the stack, against the fake Telegram Bot API container: an allowed user
// chats and approves a confirmation with the inline button; a stranger gets nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { containerOf, docker, sleep } from './stack.js';

const ALLOWED = { id: 111111, first_name: 'Operator' };
const STRANGER = { id: 999999, first_name: 'Stranger' };

interface BotCall {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: the bridge's Bot API parameters, as sent.
  params: any;
}

let control = '';
const post = async (path: string, body: unknown) =>
  (await fetch(`${control}${path}`, { method: 'POST', body: JSON.stringify(body) })).json();
const calls = async (since: number) =>
  (await (await fetch(`${control}/calls?since=${since}`)).json()) as {
    total: number;
    calls: BotCall[];
  };

/** Waits for a Bot API call made after `since` that matches. */
async function botCall(since: number, match: (call: BotCall) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = (await calls(since)).calls.find(match);
    if (found) return found;
    await sleep(300);
  }
  throw new Error(`no matching Bot API call within ${ms} ms`);
}

const toChat = (chat: number, text: RegExp) => (call: BotCall) =>
  /^(sendMessage|editMessageText)$/.test(call.method) &&
  Number(call.params.chat_id) === chat &&
  text.test(String(call.params.text));

describe('the Telegram bridge in the stack', () => {
  beforeAll(async () => {
    // The test is on the host: the control port is reached at the container's own address.
    const ip = await docker(
      'inspect',
      await containerOf('fake-telegram'),
      '-f',
      '{{(index .NetworkSettings.Networks "agent-net").IPAddress}}',
    );
    control = `http://${ip}:8082`;
  });

  it('answers an allowed user', async () => {
    const since = (await calls(0)).total;
    await post('/send', { from: ALLOWED, text: 'Hello from Telegram' });
    await botCall(since, toChat(ALLOWED.id, /Fake reply to: Hello from Telegram/));
  });

  it('lets the allowed user approve a confirmation with the inline button', async () => {
    const since = (await calls(0)).total;
    await post('/send', {
      from: ALLOWED,
      text: 'call shell {"command":"echo approved-on-telegram"}',
    });
    await botCall(
      since,
      (call) =>
        call.method === 'sendMessage' &&
        Number(call.params.chat_id) === ALLOWED.id &&
        JSON.stringify(call.params.reply_markup ?? {}).includes('approve:'),
    );
    const shown = (await (await fetch(`${control}/messages?chat=${ALLOWED.id}`)).json()) as {
      messages: { message_id: number; reply_markup: unknown }[];
    };
    const prompt = shown.messages.findLast((m) =>
      JSON.stringify(m.reply_markup).includes('approve:'),
    );
    const approve = JSON.stringify(prompt?.reply_markup).match(/approve:[0-9a-f-]{36}/)?.[0];
    expect(approve).toBeDefined();
    await post('/press', { from: ALLOWED, message_id: prompt?.message_id, data: approve });
    await botCall(since, toChat(ALLOWED.id, /approved-on-telegram/));
  });

  it('gives a stranger nothing', async () => {
    const since = (await calls(0)).total;
    await post('/send', { from: STRANGER, text: 'Hello, agent' });
    await sleep(5_000);
    const toStranger = (await calls(since)).calls.filter(
      (call) => Number(call.params?.chat_id) === STRANGER.id,
    );
    expect(toStranger).toEqual([]);
  });
});
