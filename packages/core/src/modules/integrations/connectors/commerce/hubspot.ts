import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { list, pick } from '../common.js';

const VERSION = '2026-03';
const OBJECTS = `/crm/objects/${VERSION}`;
const CONTACT_PROPERTIES = 'email,firstname,lastname,phone,company,lifecyclestage';
const DEAL_PROPERTIES = 'dealname,amount,dealstage,pipeline,closedate';
const contactId = z.string().regex(/^\d+$/).describe('Contact record ID.');
const contactProperties = z
  .record(z.string(), z.string())
  .describe('Property values by internal name: email, firstname, lastname, phone, company...');
const record = (value: unknown) => pick(value, ['id', 'updatedAt', 'properties']);
const records = (body: unknown) => ({
  ...pick(body, ['total', 'paging.next.after']),
  results: list(body, 'results').map(record),
});

export default defineIntegration({
  id: 'hubspot',
  name: 'HubSpot',
  category: 'commerce',
  docsUrl: `https://developers.hubspot.com/docs/api-reference/${VERSION}/overview`,
  apiVersion: VERSION,
  baseUrl: 'https://api.hubapi.com',
  auth: { type: 'bearer', field: 'access_token' },
  fields: [
    {
      name: 'access_token',
      label: 'Private app access token',
      secret: true,
      format: /^pat-[a-z]{2}\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      example: 'pat-na1-0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
    },
  ],
  // Private apps get 100 requests per 10 seconds (more on higher tiers); search 5 a second.
  rateLimit: { requests: 80, perSeconds: 10 },
  testAction: 'list_contacts',
  actions: {
    list_contacts: defineAction({
      description: 'List contacts, oldest first, with their main properties.',
      risk: 'read',
      method: 'GET',
      path: `${OBJECTS}/contacts`,
      input: z.object({
        limit: z.number().int().min(1).max(100).default(10).describe('How many (1-100).'),
        after: z.string().optional().describe('paging.next.after of the previous page.'),
      }),
      query: ({ limit, after }) => ({ limit, after, properties: CONTACT_PROPERTIES }),
      result: records,
      example: {
        input: { limit: 10 },
        request: `GET ${OBJECTS}/contacts?limit=10&properties=email%2Cfirstname%2Clastname%2Cphone%2Ccompany%2Clifecyclestage`,
      },
    }),
    search_crm: defineAction({
      description: 'Search contacts, companies, deals or tickets by text in their main properties.',
      risk: 'read',
      method: 'POST',
      path: `${OBJECTS}/{object_type}/search`,
      input: z.object({
        object_type: z
          .enum(['contacts', 'companies', 'deals', 'tickets'])
          .describe('What to search.'),
        query: z.string().min(1).describe('Words to search for (such as a name, email or domain).'),
        properties: z.array(z.string()).optional().describe('Properties to return.'),
        limit: z.number().int().min(1).max(100).default(10).describe('How many (1-100).'),
      }),
      body: ['query', 'properties', 'limit'],
      result: records,
      example: {
        input: { object_type: 'contacts', query: 'example.com', limit: 10 },
        request: `POST ${OBJECTS}/contacts/search`,
      },
    }),
    get_contact: defineAction({
      description: 'Read one contact.',
      risk: 'read',
      method: 'GET',
      path: `${OBJECTS}/contacts/{contact_id}`,
      input: z.object({ contact_id: contactId }),
      query: () => ({ properties: CONTACT_PROPERTIES }),
      result: record,
      example: {
        input: { contact_id: '12345' },
        request: `GET ${OBJECTS}/contacts/12345?properties=email%2Cfirstname%2Clastname%2Cphone%2Ccompany%2Clifecyclestage`,
      },
    }),
    create_contact: defineAction({
      description: 'Create a contact.',
      risk: 'write',
      method: 'POST',
      path: `${OBJECTS}/contacts`,
      input: z.object({ properties: contactProperties }),
      body: ['properties'],
      result: record,
      example: {
        input: { properties: { email: 'jane@example.com', firstname: 'Jane' } },
        request: `POST ${OBJECTS}/contacts`,
      },
    }),
    update_contact: defineAction({
      description: 'Change properties of a contact; properties not named stay as they are.',
      risk: 'write',
      method: 'PATCH',
      path: `${OBJECTS}/contacts/{contact_id}`,
      input: z.object({ contact_id: contactId, properties: contactProperties }),
      body: ['properties'],
      result: record,
      example: {
        input: { contact_id: '12345', properties: { lifecyclestage: 'customer' } },
        request: `PATCH ${OBJECTS}/contacts/12345`,
      },
    }),
    list_deals: defineAction({
      description: 'List deals with their amount, stage and close date.',
      risk: 'read',
      method: 'GET',
      path: `${OBJECTS}/deals`,
      input: z.object({
        limit: z.number().int().min(1).max(100).default(20).describe('How many (1-100).'),
        after: z.string().optional().describe('paging.next.after of the previous page.'),
      }),
      query: ({ limit, after }) => ({ limit, after, properties: DEAL_PROPERTIES }),
      result: records,
      example: {
        input: { limit: 20 },
        request: `GET ${OBJECTS}/deals?limit=20&properties=dealname%2Camount%2Cdealstage%2Cpipeline%2Cclosedate`,
      },
    }),
  },
});
