import type { SafeFetchResult } from './safe-fetch.js';

export type BodyKind = 'html' | 'json' | 'text' | 'binary';

/** The media type without parameters, lower-cased: "text/html; charset=utf-8" -> "text/html". */
export function mediaType(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** What a body is, from its declared type, or from a look at its bytes when none is declared. */
export function bodyKind(contentType: string, body: Buffer): BodyKind {
  const type = mediaType(contentType);
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (
    type.startsWith('text/') ||
    type.endsWith('+xml') ||
    ['application/xml', 'application/javascript', 'application/x-ndjson'].includes(type) ||
    type === 'application/yaml'
  ) {
    return 'text';
  }
  if (type && type !== 'application/octet-stream') return 'binary';
  // Undeclared: NUL bytes mean binary; otherwise text, or HTML if it says so at the start.
  const head = body.subarray(0, 1024);
  if (head.includes(0)) return 'binary';
  return /^\s*(<!doctype html|<html)/i.test(head.toString('latin1')) ? 'html' : 'text';
}

/** Decodes with the declared charset; unknown labels fall back to UTF-8 rather than fail. */
export function decodeBody(contentType: string, body: Buffer): string {
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Text cut to `max` characters with a marker saying how much was dropped. */
export function cutText(text: string, max: number): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 };
  const cut = text.length - max;
  return {
    text: `${text.slice(0, max)}\n\n[… ${cut.toLocaleString('en-US')} more characters cut]`,
    cut,
  };
}

/** The note added when the body itself was longer than the byte cap of the fetcher. */
export function truncationNote(result: SafeFetchResult): string {
  return result.truncated
    ? `\n\n[the response was larger than ${result.body.length.toLocaleString('en-US')} bytes; only that much was read]`
    : '';
}

/** A body read whole as UTF-8; a server sending more than `maxBytes` is refused, not buffered. */
export async function readCappedText(
  body: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`response larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
