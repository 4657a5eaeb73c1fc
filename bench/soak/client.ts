/**
 * The operator's script: one session for the whole run (sessions outlive restarts and resets),
 * and every answer read whole and handed to a watcher, which looks in it for the credential.
 */
import { SOAK_PASSWORD } from './runtime.ts';

export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the soak reads whatever JSON the API answers.
  json(): any;
}

export class SoakClient {
  private headers: Record<string, string> = {};

  constructor(
    readonly url: string,
    /** Sees every answer body (and every live event) the soak receives. */
    private readonly watch: (where: string, text: string) => void,
  ) {}

  async signIn(): Promise<void> {
    const response = await fetch(`${this.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: SOAK_PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrf_token } = (await response.json()) as { csrf_token: string };
    this.headers = { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' };
  }

  /** One call; null when the runtime could not be reached (killed, restarting). */
  async call(method: string, path: string, body?: unknown): Promise<Answer | null> {
    try {
      const { 'content-type': json, ...bare } = this.headers;
      const response = await fetch(`${this.url}${path}`, {
        method,
        headers: body === undefined ? bare : { ...bare, 'content-type': json ?? '' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      this.watch(`${method} ${path}`, text);
      return { status: response.status, text, json: () => JSON.parse(text) };
    } catch {
      return null;
    }
  }

  /** POST /chat/stream read to its end: the `done` event's data, or null (refused, cut). */
  async stream(text: string, chatId: string): Promise<{ request_id: string } | null> {
    const answer = await this.call('POST', '/chat/stream', { text, chat_id: chatId });
    if (answer?.status !== 200) return null;
    const done = /event: done\ndata: (.*)\n/.exec(answer.text)?.[1];
    return done ? (JSON.parse(done) as { request_id: string }) : null;
  }

  /** Follows GET /api/live until `signal` aborts, through restarts, watching every event. */
  async follow(signal: AbortSignal): Promise<number> {
    let events = 0;
    while (!signal.aborted) {
      try {
        const response = await fetch(`${this.url}/api/live`, { headers: this.headers, signal });
        if (!response.body) throw new Error('no body');
        const decoder = new TextDecoder();
        // The end of the previous chunk goes with the next: a value may be cut between them.
        let carry = '';
        for await (const chunk of response.body) {
          const text = decoder.decode(chunk as Uint8Array, { stream: true });
          events += text.split('\nevent: ').length - 1;
          this.watch('GET /api/live', carry + text);
          carry = text.slice(-256);
        }
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    return events;
  }
}
