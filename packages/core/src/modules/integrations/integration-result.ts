import { bodyKind, cutText, decodeBody, mediaType } from '../../net/body-text.js';
import { redactText, redactValue } from '../../security/redact.js';
import type { UpstreamResponse } from './upstream.js';

/**
 * A vendor's answer as data: JSON parsed, text kept as text (HTML too: it is not rendered), and
 * anything else described rather than read. Secrets (an echoed token included) are hidden.
 */
export function parseAnswer(response: UpstreamResponse): unknown {
  if (response.body.length === 0) return null;
  const kind = bodyKind(response.contentType, response.body);
  if (kind === 'binary') {
    return {
      binary: true,
      content_type: mediaType(response.contentType),
      bytes: response.body.length,
    };
  }
  const text = decodeBody(response.contentType, response.body);
  if (kind === 'json' || (!response.contentType && /^\s*[[{]/.test(text))) {
    try {
      return redactValue(JSON.parse(text) as unknown);
    } catch {
      // A cut or broken JSON body is still worth reading as text.
    }
  }
  return redactText(text);
}

/** The start of an error answer, for the message of an upstream_error. */
export function answerExcerpt(response: UpstreamResponse, max = 300): string {
  const answer = parseAnswer(response);
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** What the model reads: the result as compact JSON (or text), cut to the budget with a note. */
export function resultForModel(result: unknown, truncated: boolean, budget: number): string {
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  const { text: cut } = cutText(text ?? 'null', budget);
  return truncated ? `${cut}\n[the answer was larger than the read limit and was cut]` : cut;
}
