import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';

const entityId = z
  .string()
  .regex(/^[a-z0-9_]+\.[a-z0-9_]+$/)
  .describe('Entity ID, such as "light.kitchen" or "sensor.outdoor_temperature"');

/** One line per entity: what the model needs to find an entity and read its state. */
const stateLine = (state: unknown) => {
  const name = at(state, 'attributes.friendly_name');
  const unit = at(state, 'attributes.unit_of_measurement');
  return `${at(state, 'entity_id')}: ${at(state, 'state')}${unit ? ` ${unit}` : ''}${name ? ` (${name})` : ''}`;
};

const callService = z.object({
  domain: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .describe('Service domain, such as "light" or "climate"'),
  service: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .describe('Service, such as "turn_on" or "set_temperature"'),
  entity_id: z.string().optional().describe('Target entity ID, or several separated by commas'),
  data: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Other service data, such as {"brightness_pct": 40} or {"temperature": 21}'),
});
const history = z.object({
  start_time: z
    .string()
    .min(1)
    .describe('Start of the period, ISO 8601 ("2026-01-01T00:00:00+00:00")'),
  entity_id: z.string().min(1).describe('Entity ID, or several separated by commas'),
  end_time: z.string().optional().describe('End of the period, ISO 8601 (default: a day later)'),
});

/**
 * Home Assistant's REST API on the operator's own instance (usually in the LAN, so the base URL
 * is theirs to set), with a long-lived access token from the user profile.
 */
export default defineIntegration({
  id: 'home-assistant',
  name: 'Home Assistant',
  category: 'home',
  docsUrl: 'https://developers.home-assistant.io/docs/api/rest/',
  apiVersion: 'REST API (2026)',
  baseUrl: 'https://homeassistant.local:8123',
  baseUrlOverride: 'required',
  auth: { type: 'bearer', field: 'access_token' },
  fields: [
    {
      name: 'access_token',
      label: 'Long-lived access token (Profile > Security)',
      secret: true,
      format: /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
      example: 'eyJhbGciOiJIUzI1NiJ9.eyJleGFtcGxlIjoidG9rZW4ifQ.Ex4mpleSignature000000000000',
    },
  ],
  testAction: 'get_config',
  actions: {
    get_config: defineAction<Record<string, never>>({
      description: 'The instance: name, version, time zone and units.',
      risk: 'read',
      method: 'GET',
      path: '/api/config',
      input: z.object({}),
      result: (body) =>
        pick(body, ['location_name', 'version', 'time_zone', 'unit_system', 'state', 'country']),
      example: { input: {}, request: 'GET /api/config' },
    }),
    list_states: defineAction<Record<string, never>>({
      description: 'Every entity with its state, one line each ("light.kitchen: on (Kitchen)").',
      risk: 'read',
      method: 'GET',
      path: '/api/states',
      input: z.object({}),
      result: (body) => list(body).map(stateLine),
      example: { input: {}, request: 'GET /api/states' },
    }),
    get_state: defineAction<{ entity_id: string }>({
      description: 'One entity: state, attributes, last change.',
      risk: 'read',
      method: 'GET',
      path: '/api/states/{entity_id}',
      input: z.object({ entity_id: entityId }),
      result: (body) => pick(body, ['entity_id', 'state', 'attributes', 'last_changed']),
      example: {
        input: { entity_id: 'sensor.outdoor_temperature' },
        request: 'GET /api/states/sensor.outdoor_temperature',
      },
    }),
    call_service: defineAction<z.infer<typeof callService>>({
      description: 'Call a service: turn on a light, set a thermostat, run a script, lock a door.',
      risk: 'write',
      method: 'POST',
      path: '/api/services/{domain}/{service}',
      input: callService,
      body: (input) => ({ ...input.data, entity_id: input.entity_id }),
      result: (body) => list(body).map(stateLine),
      example: {
        input: {
          domain: 'light',
          service: 'turn_on',
          entity_id: 'light.kitchen',
          data: { brightness_pct: 40 },
        },
        request: 'POST /api/services/light/turn_on',
      },
    }),
    get_history: defineAction<z.infer<typeof history>>({
      description: "An entity's state changes over a period.",
      risk: 'read',
      method: 'GET',
      path: '/api/history/period/{start_time}',
      input: history,
      query: (input) => ({
        filter_entity_id: input.entity_id,
        end_time: input.end_time,
        minimal_response: '',
        no_attributes: '',
      }),
      result: (body) =>
        list(body).map((changes) => ({
          entity_id: at(list(changes)[0], 'entity_id'),
          changes: list(changes).map((change) => pick(change, ['state', 'last_changed'])),
        })),
      example: {
        input: { start_time: '2026-01-01T00:00:00+00:00', entity_id: 'sensor.outdoor_temperature' },
        request:
          'GET /api/history/period/2026-01-01T00%3A00%3A00%2B00%3A00?filter_entity_id=sensor.outdoor_temperature&minimal_response=&no_attributes=',
      },
    }),
    render_template: defineAction<{ template: string }>({
      description: 'Render a template, such as "{{ states(\'sensor.outdoor_temperature\') }}".',
      risk: 'read',
      method: 'POST',
      path: '/api/template',
      input: z.object({ template: z.string().min(1).max(10000).describe('Template to render') }),
      body: ['template'],
      headers: { Accept: 'text/plain' },
      example: {
        input: { template: "{{ states('sensor.outdoor_temperature') }}" },
        request: 'POST /api/template',
      },
    }),
  },
});
