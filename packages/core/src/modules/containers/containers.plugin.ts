import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BrokerClient } from './broker-client.js';
import { createContainerControlSkill } from './container-control.skill.js';

/** How long a broker health answer is reused: uptime monitors may call /health every second. */
const HEALTH_TTL_MS = 10_000;

/** container_control through agent-broker, and the broker's entry in the health report. */
export const containersPlugin = fp(
  async (app: FastifyInstance) => {
    const { brokerUrl, brokerToken } = app.config.containers;
    const broker = brokerUrl && brokerToken ? new BrokerClient(brokerUrl, brokerToken) : null;
    if (brokerUrl && !brokerToken)
      app.log.warn('BROKER_URL is set without BROKER_TOKEN: container control stays off');
    app.skills.register(createContainerControlSkill({ broker, self: { hostname: os.hostname() } }));

    let cached: { at: number; status: string } | null = null;
    app.health.setBrokerProbe(async () => {
      if (!broker) return { status: 'unconfigured' };
      if (cached && Date.now() - cached.at < HEALTH_TTL_MS) return { status: cached.status };
      const status = await broker.list(false, AbortSignal.timeout(2_000)).then(
        () => 'ok',
        () => 'error',
      );
      cached = { at: Date.now(), status };
      return { status };
    });
  },
  { name: 'containers', dependencies: ['context', 'skills', 'health'] },
);
