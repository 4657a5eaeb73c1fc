/**
 * Just enough of the protobuf wire format to read an OTLP ExportTraceServiceRequest as the
 * exporter sends it (opentelemetry-proto, trace/v1 and common/v1), so tests check the bytes
 * that really arrive rather than what the SDK meant to send.
 */

export interface DecodedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client (SpanKind of the proto). */
  kind: number;
  attributes: Record<string, unknown>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage: string;
  /** Attributes of the resource that sent the span (service.name). */
  resource: Record<string, unknown>;
}

type Field = { wire: number; value: bigint | Uint8Array };

/** The message's fields by number, in order. */
function fields(bytes: Uint8Array): Map<number, Field[]> {
  const result = new Map<number, Field[]>();
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('truncated varint');
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
      shift += 7n;
    }
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (at < bytes.length) {
    const key = Number(varint());
    const number = key >>> 3;
    const wire = key & 7;
    let value: bigint | Uint8Array;
    if (wire === 0) value = varint();
    else if (wire === 1) {
      value = view.getBigUint64(at, true);
      at += 8;
    } else if (wire === 5) {
      value = BigInt(view.getUint32(at, true));
      at += 4;
    } else if (wire === 2) {
      const length = Number(varint());
      value = bytes.subarray(at, at + length);
      at += length;
    } else throw new Error(`unsupported wire type ${wire}`);
    const list = result.get(number) ?? [];
    list.push({ wire, value });
    result.set(number, list);
  }
  return result;
}

const text = (value: Field['value'] | undefined) =>
  value instanceof Uint8Array ? new TextDecoder().decode(value) : '';
const hex = (value: Field['value'] | undefined) =>
  value instanceof Uint8Array ? Buffer.from(value).toString('hex') : '';
const bytesOf = (map: Map<number, Field[]>, number: number) =>
  (map.get(number) ?? []).map((f) => f.value).filter((v) => v instanceof Uint8Array);
const first = (map: Map<number, Field[]>, number: number) => map.get(number)?.[0]?.value;

/** AnyValue: string 1, bool 2, int 3, double 4, array 5 (values 1), kvlist 6, bytes 7. */
function anyValue(bytes: Uint8Array): unknown {
  const map = fields(bytes);
  const [number, [field] = []] = [...map.entries()][0] ?? [0, []];
  if (!field) return null;
  switch (number) {
    case 1:
      return text(field.value);
    case 2:
      return field.value === 1n;
    case 3:
      return Number(BigInt.asIntN(64, field.value as bigint));
    case 4: {
      const buffer = new DataView(new ArrayBuffer(8));
      buffer.setBigUint64(0, field.value as bigint, true);
      return buffer.getFloat64(0, true);
    }
    case 5:
      return bytesOf(fields(field.value as Uint8Array), 1).map(anyValue);
    default:
      return hex(field.value);
  }
}

/** Repeated KeyValue (key 1, value 2) as an object. */
function attributes(list: Uint8Array[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const kv of list) {
    const map = fields(kv);
    const value = first(map, 2);
    result[text(first(map, 1))] = value instanceof Uint8Array ? anyValue(value) : null;
  }
  return result;
}

/** ExportTraceServiceRequest -> ResourceSpans(1) -> resource(1), ScopeSpans(2) -> Span(2). */
export function decodeTraceRequest(body: Uint8Array): DecodedSpan[] {
  const spans: DecodedSpan[] = [];
  for (const resourceSpans of bytesOf(fields(body), 1)) {
    const rs = fields(resourceSpans);
    const resourceBytes = bytesOf(rs, 1)[0];
    const resource = resourceBytes ? attributes(bytesOf(fields(resourceBytes), 1)) : {};
    for (const scopeSpans of bytesOf(rs, 2)) {
      for (const spanBytes of bytesOf(fields(scopeSpans), 2)) {
        const span = fields(spanBytes);
        const status = bytesOf(span, 15)[0];
        const statusFields = status ? fields(status) : new Map<number, Field[]>();
        spans.push({
          traceId: hex(first(span, 1)),
          spanId: hex(first(span, 2)),
          parentSpanId: hex(first(span, 4)),
          name: text(first(span, 5)),
          kind: Number(first(span, 6) ?? 0n),
          attributes: attributes(bytesOf(span, 9)),
          statusCode: Number(first(statusFields, 3) ?? 0n),
          statusMessage: text(first(statusFields, 2)),
          resource,
        });
      }
    }
  }
  return spans;
}
