import { bodyKind, cutText, decodeBody, mediaType } from '../../net/body-text.js';
import type { CredentialScrubber } from './credential-scrubber.js';
import type { UpstreamResponse } from './upstream.js';

/**
 * A vendor's answer as data: JSON parsed, text kept as text (HTML too: it is not rendered), and
 * anything else described rather than read. The call's credentials (an echoed token, the
 * start of one where the size cap cut the answer) and other secrets are hidden.
 */
export function parseAnswer(response: UpstreamResponse, scrubber: CredentialScrubber): unknown {
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
      return scrubber.value(JSON.parse(text) as unknown);
    } catch {
      // A cut or broken JSON body is still worth reading as text.
    }
  }
  return scrubber.text(text, response.truncated ? 'end' : undefined);
}

/** The start of an error answer, for the message of an upstream_error (cut once scrubbed). */
export function answerExcerpt(
  response: UpstreamResponse,
  scrubber: CredentialScrubber,
  max = 300,
): string {
  const answer = parseAnswer(response, scrubber);
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** What the model reads: the result as compact JSON (or text), cut to the budget with a note. */
export function resultForModel(result: unknown, truncated: boolean, budget: number): string {
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  const { text: cut } = cutText(text ?? 'null', budget);
  return truncated ? `${cut}\n[the answer was larger than the read limit and was cut]` : cut;
}
