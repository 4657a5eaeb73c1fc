import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { readCappedText } from '../../net/body-text.js';
import { loadUndici } from '../../net/undici.js';
import { redactText } from '../../security/redact.js';
import type { ProviderKind } from './models.schema.js';
import { trimSlash } from './provider-registry.js';

export const CATALOG_TIMEOUT_MS = 10_000;
/** A model list is a few KB; a server sending far more is misbehaving. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface CatalogTarget {
  kind: ProviderKind;
  baseUrl: string;
  apiKey: string | null;
}

export interface CatalogModel {
  id: string;
  label?: string;
}

/** The provider failed or did not answer: a 502 carrying its status (null: no HTTP answer). */
export class UpstreamError extends AppError {
  constructor(
    readonly upstreamStatus: number | null,
    message: string,
  ) {
    super(502, 'upstream_error', message, { status: upstreamStatus }, true);
  }
}

const openAiList = z.object({ data: z.array(z.object({ id: z.string() })) });
const anthropicList = z.object({
  data: z.array(z.object({ id: z.string(), display_name: z.string().optional() })),
});
/** Both providers put a human message here ({error:{message}}); anything else is ignored. */
const errorBody = z.object({ error: z.object({ message: z.string() }) });

/** The provider's own complaint in an error body, or its first 200 characters. */
export function providerErrorMessage(text: string): string {
  const detail = errorBody.safeParse(parseJson(text));
  return detail.success ? detail.data.error.message : text.slice(0, 200);
}

/**
 * Reads the provider's own model list: OpenAI style (`GET {base}/models`, Bearer key; also
 * Ollama, vLLM, LM Studio) or Anthropic's (`x-api-key` and `anthropic-version`).
 * The URL is one the operator configured (environment or dashboard, both signed-in operator
 * actions), so it is trusted like the rest of the configuration; only http(s) gets this far.
 */
export async function fetchCatalog(
  target: CatalogTarget,
  timeoutMs = CATALOG_TIMEOUT_MS,
): Promise<CatalogModel[]> {
  const anthropic = target.kind === 'anthropic';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (anthropic) {
    headers['anthropic-version'] = '2023-06-01';
    if (target.apiKey) headers['x-api-key'] = target.apiKey;
  } else if (target.apiKey) {
    headers.authorization = `Bearer ${target.apiKey}`;
  }
  // Anthropic pages its list (default 20); 1000 is its maximum and covers every account today.
  const url = `${trimSlash(target.baseUrl)}/models${anthropic ? '?limit=1000' : ''}`;
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number;
  let text: string;
  try {
    const { request } = await loadUndici();
    const response = await request(url, { method: 'GET', headers, signal });
    status = response.statusCode;
    text = await readCappedText(response.body, MAX_BODY_BYTES);
  } catch (error) {
    if (signal.aborted)
      throw new UpstreamError(null, `No answer from ${url} within ${timeoutMs / 1000} s`);
    throw new UpstreamError(null, `Cannot reach ${url}: ${redactText((error as Error).message)}`);
  }
  if (status < 200 || status >= 300) {
    throw new UpstreamError(
      status,
      redactText(`${url} answered ${status}: ${providerErrorMessage(text)}`.slice(0, 500)),
    );
  }
  const json = parseJson(text);
  if (anthropic) {
    const list = anthropicList.safeParse(json);
    if (!list.success) throw new UpstreamError(status, `${url} sent no Anthropic model list`);
    return list.data.data.map((m) =>
      m.display_name ? { id: m.id, label: m.display_name } : { id: m.id },
    );
  }
  const list = openAiList.safeParse(json);
  if (!list.success) throw new UpstreamError(status, `${url} sent no OpenAI-style model list`);
  return list.data.data.map((m) => ({ id: m.id }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
