// The stack test's Telegram: the project's fake Bot API (grammy talks to it on :8081 as to
// api.telegram.org), and on :8082 a control API through which the test plays the users.
//   POST /send  {from, text}                 a user writes to the bot
//   POST /press {from, message_id, data}     a user presses an inline button
//   GET  /calls?since=N                      the Bot API calls the bridge made, from index N
//   GET  /messages?chat=ID                   what the bot shows in a chat (after edits)
import { createServer, type IncomingMessage } from 'node:http';
import { startFakeTelegram } from '../../../../packages/messaging/src/testing/fake-telegram.js';

const token = process.env.TELEGRAM_BOT_TOKEN ?? '';
const telegram = await startFakeTelegram(token, { host: '0.0.0.0', port: 8081 });

const body = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
};

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://control');
  const reply = (status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };
  try {
    if (request.method === 'POST' && url.pathname === '/send') {
      const { from, text } = await body(request);
      return reply(200, { message_id: telegram.sendText(from, text) });
    }
    if (request.method === 'POST' && url.pathname === '/press') {
      const { from, message_id, data } = await body(request);
      return reply(200, { callback_query_id: telegram.pressButton(from, message_id, data) });
    }
    if (request.method === 'GET' && url.pathname === '/calls') {
      const since = Number(url.searchParams.get('since') ?? 0);
      return reply(200, { total: telegram.calls.length, calls: telegram.calls.slice(since) });
    }
    if (request.method === 'GET' && url.pathname === '/messages')
      return reply(200, { messages: telegram.messages(Number(url.searchParams.get('chat'))) });
    reply(404, { error: 'not_found' });
  } catch (error) {
    reply(400, { error: String(error) });
  }
}).listen(8082, '0.0.0.0');
console.log('fake-telegram: Bot API on :8081, control on :8082');
