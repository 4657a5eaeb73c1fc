/** One Server-Sent Events frame: its event name (`message` when unnamed) and its raw data. */
export interface SseFrame {
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body the way a browser's EventSource would: frames end at a blank
 * line, which may arrive in a later read than the frame's start; CR, LF and CRLF all end a line;
 * comment lines (`: keep-alive`) are skipped; several `data:` lines join with a newline.
 * Resolves when the body ends; rejects when the read fails (an abort included).
 */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onFrame: (frame: SseFrame) => void,
): Promise<void> {
  const reader = body.getReader();
  // One decoder for the whole body: a character split across two reads is decoded whole.
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onFrame({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const takeLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` mean nothing to a one-shot POST stream.
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A lone CR at the end of a read may be the first half of a CRLF: wait for more.
        if (end === -1 || (end === buffer.length - 1 && buffer[end] === '\r')) break;
        const width = buffer.startsWith('\r\n', end) ? 2 : 1;
        takeLine(buffer.slice(0, end));
        buffer = buffer.slice(end + width);
      }
    }
  } finally {
    reader.releaseLock();
  }
  // A stream that ends without a final blank line drops its unfinished frame, as EventSource does.
}
