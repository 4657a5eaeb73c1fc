import { z } from 'zod';
import { field, httpUrl } from './field.js';

/** agent-broker, through which the container_control skill (and the shell's DOCKER_HOST) go. */
export const containersConfig = {
  brokerUrl: field('BROKER_URL', httpUrl.optional(), {
    doc: 'agent-broker for container_control, such as http://agent-broker:2375; unset: no container control.',
  }),
  brokerToken: field(
    'BROKER_TOKEN',
    z.string().min(32, 'must be at least 32 characters').optional(),
    {
      doc: 'Bearer token agent-core presents to agent-broker (the install script generates it).',
      secret: true,
    },
  ),
};
