import { statSync } from 'node:fs';

/**
 * The container's healthcheck: the bridge touches its heartbeat file after every answered long
 * poll (at most 30 s apart), so an old or missing file means it no longer reaches Telegram.
 */
const STALE_MS = 120_000;
const file = process.env.MESSAGING_HEARTBEAT_FILE || '/tmp/agent-messaging.heartbeat';
try {
  process.exit(Date.now() - statSync(file).mtimeMs < STALE_MS ? 0 : 1);
} catch {
  process.exit(1);
}
