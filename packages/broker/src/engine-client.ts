import { request } from 'node:http';
import type { EngineAddress } from './config.js';

/** The Docker Engine API version the broker speaks; podman's compatibility API serves it too. */
export const ENGINE_API_VERSION = 'v1.41';

/** Largest engine answer the broker reads (a log tail, a container list). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface EngineResponse {
  status: number;
  body: Buffer;
}

export class EngineError extends Error {}

/**
 * Calls the container engine. Every request is built here from the broker's own values: a
 * fixed method, a path of the broker's making and exactly two headers. Nothing of the client's
 * request (headers, body, query) ever reaches the engine.
 */
export class EngineClient {
  constructor(private readonly address: EngineAddress) {}

  call(method: 'GET' | 'POST', path: string, timeoutMs = 30_000): Promise<EngineResponse> {
    return new Promise((resolve, reject) => {
      const outgoing = request({
        ...this.address,
        method,
        path: `/${ENGINE_API_VERSION}${path}`,
        headers: { host: 'docker', 'content-length': '0' },
        setHost: false,
        timeout: timeoutMs,
      });
      outgoing.on('timeout', () =>
        outgoing.destroy(new EngineError(`no answer within ${timeoutMs} ms`)),
      );
      outgoing.on('error', (error) =>
        reject(error instanceof EngineError ? error : new EngineError(error.message)),
      );
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            incoming.destroy();
            reject(new EngineError(`the engine answered more than ${MAX_BODY_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
        incoming.on('error', (error) => reject(new EngineError(error.message)));
      });
      outgoing.end();
    });
  }

  async json<T>(method: 'GET' | 'POST', path: string): Promise<{ status: number; value: T }> {
    const response = await this.call(method, path);
    try {
      return { status: response.status, value: JSON.parse(response.body.toString('utf8')) as T };
    } catch {
      throw new EngineError(`the engine answered ${response.status} with a body that is not JSON`);
    }
  }
}
