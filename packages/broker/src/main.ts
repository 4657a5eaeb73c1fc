import { createBroker } from './broker.js';
import { loadBrokerConfig } from './config.js';

/** Exit code of a configuration error (EX_CONFIG), as agent-core uses. */
const EXIT_CONFIG = 78;

let config: ReturnType<typeof loadBrokerConfig>;
try {
  config = loadBrokerConfig(process.env);
} catch (error) {
  process.stderr.write(`agent-broker: ${(error as Error).message}\n`);
  process.exit(EXIT_CONFIG);
}

const server = createBroker({ config });
server.listen(config.port, config.host, () => {
  const engine =
    'socketPath' in config.engine
      ? config.engine.socketPath
      : `${config.engine.host}:${config.engine.port}`;
  process.stdout.write(
    `${JSON.stringify({
      time: new Date().toISOString(),
      event: 'broker.listening',
      address: `${config.host}:${config.port}`,
      engine,
      allow: config.allow.map((rule) => rule.text),
      deny: config.deny.map((rule) => rule.text),
      action_budget: `${config.actionBudget} per ${config.actionWindowMs / 1000} s`,
    })}\n`,
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
