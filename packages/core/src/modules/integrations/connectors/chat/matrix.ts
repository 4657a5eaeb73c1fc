import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { list, pick } from '../common.js';

const roomId = z
  .string()
  .regex(/^![^:]+:.+$/)
  .describe('Room ID, such as !abcdefg:example.org.');

export default defineIntegration({
  id: 'matrix',
  name: 'Matrix',
  category: 'chat',
  docsUrl: 'https://spec.matrix.org/latest/client-server-api/',
  apiVersion: 'Client-Server API v3',
  // The homeserver the account lives on; point it at your own (Synapse, Dendrite, Conduit).
  baseUrl: 'https://matrix.org',
  baseUrlOverride: 'optional',
  auth: { type: 'bearer', field: 'access_token' },
  fields: [
    {
      name: 'access_token',
      label: 'Access token',
      secret: true,
      format: /^[A-Za-z0-9._~+/=-]{16,}$/,
      example: 'syt_Ym90_QwErTyUiOpAsDfGhJkLz_0a1B2c',
    },
  ],
  // Homeservers throttle message sending (Synapse: about one event a second, bursts of ten).
  rateLimit: { requests: 10, perSeconds: 10 },
  testAction: 'whoami',
  actions: {
    whoami: defineAction({
      description: 'Name the Matrix user the access token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/_matrix/client/v3/account/whoami',
      input: z.object({}),
      result: (body) => pick(body, ['user_id', 'device_id']),
      example: { input: {}, request: 'GET /_matrix/client/v3/account/whoami' },
    }),
    joined_rooms: defineAction({
      description: 'List the IDs of the rooms the user has joined.',
      risk: 'read',
      method: 'GET',
      path: '/_matrix/client/v3/joined_rooms',
      input: z.object({}),
      example: { input: {}, request: 'GET /_matrix/client/v3/joined_rooms' },
    }),
    room_messages: defineAction({
      description: 'Read the latest events of a room, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/_matrix/client/v3/rooms/{room_id}/messages',
      input: z.object({
        room_id: roomId,
        limit: z.number().int().min(1).max(100).optional().describe('How many events (1-100).'),
        from: z.string().optional().describe('The end token of the previous page.'),
      }),
      query: ({ limit, from }) => ({ dir: 'b', limit, from }),
      result: (body) => ({
        ...pick(body, ['end']),
        events: list(body, 'chunk').map((event) =>
          pick(event, [
            'event_id',
            'type',
            'sender',
            'origin_server_ts',
            'content.msgtype',
            'content.body',
          ]),
        ),
      }),
      example: {
        input: { room_id: '!636q39766251:example.com', limit: 20 },
        request: 'GET /_matrix/client/v3/rooms/!636q39766251%3Aexample.com/messages?dir=b&limit=20',
      },
    }),
    send_message: defineAction({
      description: 'Send a text message to a room.',
      risk: 'write',
      method: 'PUT',
      path: '/_matrix/client/v3/rooms/{room_id}/send/m.room.message/{txn_id}',
      input: z.object({
        room_id: roomId,
        body: z.string().min(1).describe('Message text.'),
        txn_id: z
          .string()
          .regex(/^[A-Za-z0-9._~-]{1,64}$/)
          .default(() => crypto.randomUUID())
          .describe('Transaction ID that makes a retry idempotent; generated when absent.'),
      }),
      body: ({ body }) => ({ msgtype: 'm.text', body }),
      result: (body) => pick(body, ['event_id']),
      example: {
        input: { room_id: '!636q39766251:example.com', body: 'Deploy finished.', txn_id: '35' },
        request: 'PUT /_matrix/client/v3/rooms/!636q39766251%3Aexample.com/send/m.room.message/35',
      },
    }),
    join_room: defineAction({
      description: 'Join a room by its ID or alias.',
      risk: 'write',
      method: 'POST',
      path: '/_matrix/client/v3/join/{room}',
      input: z.object({
        room: z
          .string()
          .regex(/^[!#][^:]+:.+$/)
          .describe('Room ID (!abc:example.org) or alias (#room:example.org).'),
      }),
      body: () => ({}),
      result: (body) => pick(body, ['room_id']),
      example: {
        input: { room: '#monkeys:matrix.org' },
        request: 'POST /_matrix/client/v3/join/%23monkeys%3Amatrix.org',
      },
    }),
  },
});
