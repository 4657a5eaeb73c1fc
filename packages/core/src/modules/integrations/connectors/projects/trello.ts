import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick, pickEach } from '../common.js';

const id = z.string().regex(/^[0-9a-f]{24}$/);
const CARD_FIELDS = 'name,desc,due,dueComplete,idList,url,dateLastActivity';
const card = ['id', 'name', 'desc', 'due', 'dueComplete', 'idList', 'url', 'dateLastActivity'];

export default defineIntegration({
  id: 'trello',
  name: 'Trello',
  category: 'projects',
  docsUrl: 'https://developer.atlassian.com/cloud/trello/rest/',
  apiVersion: '1',
  baseUrl: 'https://api.trello.com/1',
  auth: {
    type: 'api_key',
    placements: [
      { in: 'query', name: 'key', field: 'api_key' },
      { in: 'query', name: 'token', field: 'token' },
    ],
  },
  fields: [
    {
      name: 'api_key',
      label: 'API key',
      secret: true,
      format: /^[0-9a-f]{32}$/,
      example: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    },
    {
      name: 'token',
      label: 'Token',
      secret: true,
      format: /^(ATTA)?[A-Za-z0-9]{64,}$/,
      example: 'ATTA0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    },
  ],
  // 100 requests per 10 seconds for a token.
  rateLimit: { requests: 90, perSeconds: 10 },
  testAction: 'get_me',
  actions: {
    get_me: defineAction({
      description: 'Name the member the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/members/me',
      input: z.object({}),
      query: () => ({ fields: 'username,fullName' }),
      result: (body) => pick(body, ['id', 'username', 'fullName']),
      example: { input: {}, request: 'GET /1/members/me?fields=username%2CfullName' },
    }),
    list_boards: defineAction({
      description: "List the member's open boards.",
      risk: 'read',
      method: 'GET',
      path: '/members/me/boards',
      input: z.object({}),
      query: () => ({ filter: 'open', fields: 'name,url' }),
      result: (body) => pickEach(body, ['id', 'name', 'url']),
      example: { input: {}, request: 'GET /1/members/me/boards?filter=open&fields=name%2Curl' },
    }),
    list_lists: defineAction({
      description: 'List the open lists (columns) of a board.',
      risk: 'read',
      method: 'GET',
      path: '/boards/{board_id}/lists',
      input: z.object({ board_id: id.describe('Board ID.') }),
      query: () => ({ filter: 'open', fields: 'name' }),
      result: (body) => pickEach(body, ['id', 'name']),
      example: {
        input: { board_id: '5abbe4b7ddc1b351ef961414' },
        request: 'GET /1/boards/5abbe4b7ddc1b351ef961414/lists?filter=open&fields=name',
      },
    }),
    list_cards: defineAction({
      description: 'List the cards of a list.',
      risk: 'read',
      method: 'GET',
      path: '/lists/{list_id}/cards',
      input: z.object({ list_id: id.describe('List ID.') }),
      query: () => ({ fields: CARD_FIELDS }),
      result: (body) => pickEach(body, card),
      example: {
        input: { list_id: '5abbe4b7ddc1b351ef961415' },
        request:
          'GET /1/lists/5abbe4b7ddc1b351ef961415/cards?fields=name%2Cdesc%2Cdue%2CdueComplete%2CidList%2Curl%2CdateLastActivity',
      },
    }),
    create_card: defineAction({
      description: 'Add a card to a list.',
      risk: 'write',
      method: 'POST',
      path: '/cards',
      input: z.object({
        list_id: id.describe('List ID to add the card to.'),
        name: z.string().min(1).max(16_384).describe('Card title.'),
        desc: z.string().max(16_384).optional().describe('Card description.'),
        due: z.iso.datetime({ offset: true }).optional().describe('Due date, ISO 8601.'),
      }),
      query: ({ list_id, ...fields }) => ({ idList: list_id, ...fields }),
      result: (body) => pick(body, card),
      example: {
        input: { list_id: '5abbe4b7ddc1b351ef961415', name: 'Renew the certificate' },
        request: 'POST /1/cards?idList=5abbe4b7ddc1b351ef961415&name=Renew+the+certificate',
      },
    }),
    move_card: defineAction({
      description: 'Move a card to another list, or mark it done by its due date.',
      risk: 'write',
      method: 'PUT',
      path: '/cards/{card_id}',
      input: z.object({
        card_id: id.describe('Card ID.'),
        list_id: id.optional().describe('List to move the card to.'),
        due_complete: z.boolean().optional().describe('Mark the due date complete.'),
      }),
      query: ({ list_id, due_complete }) => ({ idList: list_id, dueComplete: due_complete }),
      result: (body) => pick(body, card),
      example: {
        input: { card_id: '5abbe4b7ddc1b351ef961416', list_id: '5abbe4b7ddc1b351ef961417' },
        request: 'PUT /1/cards/5abbe4b7ddc1b351ef961416?idList=5abbe4b7ddc1b351ef961417',
      },
    }),
    comment_card: defineAction({
      description: 'Comment on a card.',
      risk: 'write',
      method: 'POST',
      path: '/cards/{card_id}/actions/comments',
      input: z.object({
        card_id: id.describe('Card ID.'),
        text: z.string().min(1).max(16_384).describe('Comment text.'),
      }),
      query: ['text'],
      result: (body) => pick(body, ['id', 'date']),
      example: {
        input: { card_id: '5abbe4b7ddc1b351ef961416', text: 'Done on staging.' },
        request: 'POST /1/cards/5abbe4b7ddc1b351ef961416/actions/comments?text=Done+on+staging.',
      },
    }),
  },
});
