import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DecodedSpan, decodeTraceRequest } from './otlp-protobuf.js';

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT names: http://127.0.0.1:<port> */
  endpoint: string;
  /** Every span received, decoded from the protobuf bodies, in arrival order. */
  spans: DecodedSpan[];
  /** Content types of the export requests (the exporter's protocol, as it arrived). */
  contentTypes: string[];
  close(): Promise<void>;
}

/** A local OTLP/HTTP trace receiver, as a collector, Jaeger or Tempo would listen on :4318. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: DecodedSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    contentTypes.push(request.headers['content-type'] ?? '');
    spans.push(...decodeTraceRequest(Buffer.concat(chunks)));
    // An empty ExportTraceServiceResponse: everything accepted.
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
