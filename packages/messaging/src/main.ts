import { createBridge } from './bridge.js';
import { loadMessagingConfig } from './config.js';

/** Exit code of a configuration error (EX_CONFIG), as agent-core uses. */
const EXIT_CONFIG = 78;

let config: ReturnType<typeof loadMessagingConfig>;
try {
  config = loadMessagingConfig(process.env);
} catch (error) {
  process.stderr.write(`agent-messaging: ${(error as Error).message}\n`);
  process.exit(EXIT_CONFIG);
}

const bridge = createBridge({
  config,
  heartbeatFile: process.env.MESSAGING_HEARTBEAT_FILE || '/tmp/agent-messaging.heartbeat',
});
bridge.start().catch((error: Error) => {
  process.stderr.write(`agent-messaging: Telegram refused to start the bot: ${error.message}\n`);
  process.exit(1);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    bridge.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
