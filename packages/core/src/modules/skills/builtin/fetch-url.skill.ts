import { z } from 'zod';
import {
  bodyKind,
  cutText,
  decodeBody,
  mediaType,
  truncationNote,
} from '../../../net/body-text.js';
import { hiddenHtmlText } from '../../../net/html-hidden.js';
import { htmlToText } from '../../../net/html-text.js';
import type { SafeFetcher } from '../../../net/safe-fetch.js';
import { defineSkill, SkillError } from '../skill.js';
import { toSkillError } from './outbound-error.js';
import { urlTarget } from './url-target.js';

export const FETCH_URL_DEFAULT_CHARS = 20_000;

const inputSchema = z.object({
  url: z.string().min(1).describe('http(s) URL'),
  max_chars: z
    .number()
    .int()
    .min(100)
    .max(200_000)
    .optional()
    .describe(`max characters; default ${FETCH_URL_DEFAULT_CHARS}`),
});

export type FetchUrlInput = z.infer<typeof inputSchema>;

const ACCEPT = 'text/html,application/xhtml+xml,application/json;q=0.9,text/*;q=0.8,*/*;q=0.1';

/** Reads one web page or document as text: HTML becomes readable text, JSON is indented. */
export function createFetchUrlSkill({ fetcher }: { fetcher: SafeFetcher }) {
  return defineSkill<FetchUrlInput>({
    name: 'fetch_url',
    description:
      'Read a web page or text document as text (HTML with links kept, JSON indented); not ' +
      'binary files.',
    level: 'MONITORED',
    targetOf: (input) => urlTarget(input.url),
    inputSchema,
    async execute(input, context) {
      const result = await fetcher
        .fetch(input.url, { headers: { accept: ACCEPT }, signal: context.signal })
        .catch((error: unknown) => {
          throw toSkillError(error, context.signal);
        });
      const kind = bodyKind(result.contentType, result.body);
      if (kind === 'binary') {
        throw new SkillError(
          `${result.url} is ${mediaType(result.contentType)} (${result.body.length} bytes read), ` +
            'a binary format fetch_url does not read; only HTML, JSON and text are supported',
          'unsupported_content',
        );
      }
      const decoded = decodeBody(result.contentType, result.body);
      let title = '';
      let body = decoded;
      if (kind === 'html') ({ title, text: body } = htmlToText(decoded, result.url));
      const hiddenText = kind === 'html' ? hiddenHtmlText(decoded) : undefined;
      if (kind === 'json') body = indentJson(decoded);
      const { text, cut } = cutText(body, input.max_chars ?? FETCH_URL_DEFAULT_CHARS);
      const header = [`URL: ${result.url}`, `Status: ${result.status}`];
      if (title) header.push(`Title: ${title}`);
      return {
        text: `${header.join('\n')}\n\n${text}${truncationNote(result)}`,
        untrusted: true,
        hiddenText,
        data: {
          url: result.url,
          status: result.status,
          content_type: result.contentType,
          bytes: result.body.length,
          truncated: result.truncated || cut > 0,
        },
      };
    },
  });
}

/**
 * Parsed only to be printed again, never read as data, so no schema is needed here. A body
 * that is not valid JSON (or was cut by the byte cap) is shown as it came.
 */
function indentJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
