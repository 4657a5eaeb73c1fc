import { request } from 'node:http';

/**
 * The container's healthcheck: the broker answers a real call (the container list) with its
 * own token, which proves it listens and reaches the engine.
 */
const port = Number(process.env.BROKER_PORT || 2375);
const call = request(
  {
    host: '127.0.0.1',
    port,
    path: '/containers/list?all=false',
    headers: { authorization: `Bearer ${process.env.BROKER_TOKEN ?? ''}` },
    timeout: 5_000,
  },
  (response) => {
    response.resume();
    process.exit(response.statusCode === 200 ? 0 : 1);
  },
);
call.on('error', () => process.exit(1));
call.on('timeout', () => call.destroy(new Error('timeout')));
call.end();
