import { z } from 'zod';

const TIMEOUT_MS = 30_000;

export const containerSummarySchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  state: z.string().nullable(),
  status: z.string().nullable(),
  created: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
});
export type ContainerSummary = z.infer<typeof containerSummarySchema>;

/** The broker's redacted inspect: the fields the skill reads are checked, the rest passed on. */
export const containerInspectSchema = z.looseObject({
  Id: z.string().nullable(),
  Name: z.string().nullable(),
  RestartCount: z.number(),
  State: z.looseObject({
    Status: z.string().nullable(),
    Running: z.boolean(),
    StartedAt: z.string().nullable(),
    FinishedAt: z.string().nullable(),
  }),
  Config: z.looseObject({
    Hostname: z.string().nullable(),
    Labels: z.record(z.string(), z.string()),
  }),
});
export type ContainerInspect = z.infer<typeof containerInspectSchema>;

const logsSchema = z.object({
  id: z.string(),
  name: z.string(),
  tail: z.number(),
  lines: z.array(z.object({ stream: z.enum(['stdout', 'stderr']), text: z.string() })),
});
const actionSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  name: z.string(),
  action: z.enum(['start', 'stop']),
  changed: z.boolean(),
  state: z.string().nullable(),
});
const errorSchema = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
  retry_after: z.number().optional(),
});

/** A refusal or failure of the broker, or the broker out of reach (status 0). */
export class BrokerCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'BrokerCallError';
  }
}

/**
 * agent-core's side of agent-broker: the five calls with the bearer token. The broker URL is
 * the operator's (like a model provider's), on the private network, so it is called directly
 * rather than through the SSRF guard that judges the agent's own requests.
 */
export class BrokerClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  get url(): string {
    return this.baseUrl;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(TIMEOUT_MS + 60_000);
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: { authorization: `Bearer ${this.token}` },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new BrokerCallError(
        0,
        'broker_unreachable',
        `agent-broker is unreachable at ${this.baseUrl}: ${(error as Error).message}`,
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const problem = errorSchema.safeParse(body);
      const code = problem.success ? problem.data.error : 'broker_error';
      const message =
        problem.success && problem.data.message
          ? problem.data.message
          : `agent-broker answered ${response.status}`;
      throw new BrokerCallError(
        response.status,
        code,
        message,
        problem.success ? (problem.data.retry_after ?? null) : null,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new BrokerCallError(
        502,
        'broker_error',
        'agent-broker answered in an unexpected shape',
      );
    return parsed.data;
  }

  async list(all: boolean, signal?: AbortSignal): Promise<ContainerSummary[]> {
    const answer = await this.call(
      'GET',
      `/containers/list?all=${all}`,
      z.object({ containers: z.array(containerSummarySchema) }),
      signal,
    );
    return answer.containers;
  }

  async inspect(container: string, signal?: AbortSignal): Promise<ContainerInspect> {
    const answer = await this.call(
      'GET',
      `/containers/${encodeURIComponent(container)}/inspect`,
      z.object({ container: containerInspectSchema }),
      signal,
    );
    return answer.container;
  }

  logs(container: string, tail: number, signal?: AbortSignal) {
    return this.call(
      'GET',
      `/containers/${encodeURIComponent(container)}/logs?tail=${tail}`,
      logsSchema,
      signal,
    );
  }

  act(
    action: 'start' | 'stop',
    container: string,
    timeoutSeconds: number | undefined,
    signal?: AbortSignal,
  ) {
    const query =
      action === 'stop' && timeoutSeconds !== undefined ? `?timeout=${timeoutSeconds}` : '';
    return this.call(
      'POST',
      `/containers/${encodeURIComponent(container)}/${action}${query}`,
      actionSchema,
      signal,
    );
  }
}
