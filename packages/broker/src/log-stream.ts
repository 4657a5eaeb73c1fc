export interface LogLine {
  stream: 'stdout' | 'stderr';
  text: string;
}

const STREAMS: Record<number, LogLine['stream']> = { 1: 'stdout', 2: 'stderr' };

/**
 * Splits the engine's log answer into lines. Without a TTY the engine multiplexes stdout and
 * stderr in frames (one byte stream id, three zero bytes, a 32-bit big-endian length); with a
 * TTY the answer is the raw terminal output, all of it stdout.
 */
export function parseLogs(body: Buffer, tty: boolean): LogLine[] {
  if (tty) return splitLines('stdout', body.toString('utf8'));
  const order: LogLine[] = [];
  let offset = 0;
  while (offset + 8 <= body.length) {
    const stream = STREAMS[body[offset] ?? 0];
    const length = body.readUInt32BE(offset + 4);
    const payload = body.subarray(offset + 8, offset + 8 + length).toString('utf8');
    offset += 8 + length;
    if (!stream) continue;
    order.push(...splitLines(stream, payload));
  }
  return order;
}

function splitLines(stream: LogLine['stream'], text: string): LogLine[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => ({ stream, text: line.replace(/\r$/, '') }));
}
