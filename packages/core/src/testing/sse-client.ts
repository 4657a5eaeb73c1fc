export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Reads a real Server-Sent Events response the way a browser's parser would: frames split on a
 * blank line, `event:` and `data:` fields, comment lines (heartbeats) counted separately.
 */
export class SseReader {
  readonly events: SseEvent[] = [];
  comments = 0;
  private buffer = '';
  private waiters: Array<() => void> = [];
  readonly finished: Promise<void>;

  constructor(response: Response) {
    if (!response.body) throw new Error('response has no body');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    this.finished = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          this.feed(value);
        }
      } catch {
        // The test aborted the request: what arrived so far stays readable.
      } finally {
        this.wake();
      }
    })();
  }

  /** Resolves with the first event (from the start) that matches, or rejects after timeoutMs. */
  async waitFor(predicate: (event: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = this.events.map((e) => e.event).join(', ');
        throw new Error(`no matching event within ${timeoutMs} ms; seen: ${seen}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  named(name: string): unknown[] {
    return this.events.filter((e) => e.event === name).map((e) => e.data);
  }

  private feed(text: string): void {
    this.buffer += text;
    let split = this.buffer.indexOf('\n\n');
    while (split >= 0) {
      this.parseFrame(this.buffer.slice(0, split));
      this.buffer = this.buffer.slice(split + 2);
      split = this.buffer.indexOf('\n\n');
    }
    this.wake();
  }

  private parseFrame(frame: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) this.comments += 1;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) this.events.push({ event, data: JSON.parse(data.join('\n')) });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
