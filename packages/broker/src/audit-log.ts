/** One line of the broker's audit log: every call, allowed or refused. */
export interface AuditEntry {
  time: string;
  event: 'broker.allowed' | 'broker.refused' | 'broker.failed';
  status: number;
  reason: string | null;
  method: string;
  /** The path as sent, cut and with control characters escaped; never headers or tokens. */
  path: string;
  remote: string | null;
  action: string | null;
  container: string | null;
}

export type AuditSink = (entry: AuditEntry) => void;

const PATH_CHARS = 300;

/** Makes a client-chosen path safe to write on one log line. */
export function loggablePath(raw: string | undefined): string {
  const text = JSON.stringify(raw ?? '').slice(1, -1);
  return text.length > PATH_CHARS ? `${text.slice(0, PATH_CHARS)}...` : text;
}

/** JSON lines on standard output, where the container's log driver collects them. */
export const stdoutAudit: AuditSink = (entry) => {
  process.stdout.write(`${JSON.stringify(entry)}\n`);
};
