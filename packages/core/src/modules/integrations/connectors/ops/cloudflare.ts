import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, pick, pickEach } from '../common.js';

const zoneId = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .describe('Zone ID (list_zones shows it)');
const recordId = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .describe('DNS record ID');
const recordFields = ['id', 'type', 'name', 'content', 'proxied', 'ttl', 'comment'];
const recordType = z.enum(['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS', 'SRV', 'CAA']);

const listZones = z.object({
  name: z.string().optional().describe('Domain name, such as "example.com"'),
  per_page: z.number().int().min(5).max(50).default(20).describe('Zones per page'),
});
const listRecords = z.object({
  zone_id: zoneId,
  type: recordType.optional().describe('Only records of this type'),
  name: z.string().optional().describe('Exact record name, such as "www.example.com"'),
  per_page: z.number().int().min(5).max(5000).default(100).describe('Records per page'),
});
const recordBody = {
  type: recordType.describe('Record type'),
  name: z.string().min(1).describe('Record name, such as "www.example.com"'),
  content: z.string().min(1).describe('Record value: an address, a target host or text'),
  ttl: z.number().int().default(1).describe('Time to live in seconds; 1 means automatic'),
  proxied: z.boolean().optional().describe('Proxy through Cloudflare (A, AAAA, CNAME only)'),
  priority: z.number().int().min(0).max(65535).optional().describe('MX priority (MX only)'),
  comment: z.string().max(100).optional().describe('Comment on the record'),
};
const createRecord = z.object({ zone_id: zoneId, ...recordBody });
const updateRecord = z.object({
  zone_id: zoneId,
  dns_record_id: recordId,
  ...recordBody,
  type: recordBody.type.optional(),
  name: recordBody.name.optional(),
  content: recordBody.content.optional(),
  ttl: z.number().int().optional().describe('Time to live in seconds; 1 means automatic'),
});
const deleteRecord = z.object({ zone_id: zoneId, dns_record_id: recordId });
const purge = z.object({
  zone_id: zoneId,
  files: z.array(z.string().url()).max(30).optional().describe('URLs to purge (max 30)'),
  purge_everything: z.boolean().optional().describe('Purge the whole zone cache instead'),
});
const bodyFields = ['type', 'name', 'content', 'ttl', 'proxied', 'priority', 'comment'] as const;

/** Cloudflare zones, DNS records and cache, with a scoped API token (not the global key). */
export default defineIntegration({
  id: 'cloudflare',
  name: 'Cloudflare',
  category: 'ops',
  docsUrl: 'https://developers.cloudflare.com/api/',
  apiVersion: 'v4',
  baseUrl: 'https://api.cloudflare.com/client/v4',
  auth: { type: 'bearer', field: 'api_token' },
  fields: [
    {
      name: 'api_token',
      label: 'API token (My Profile > API Tokens), with Zone and DNS permissions',
      secret: true,
      format: /^[A-Za-z0-9_-]{40,}$/,
      example: 'Ex4mple_T0ken-0000000000000000000000000000',
    },
  ],
  // 1,200 requests per five minutes per user.
  rateLimit: { requests: 1000, perSeconds: 300 },
  testAction: 'list_zones',
  actions: {
    list_zones: defineAction<z.input<typeof listZones>>({
      description: 'List the zones (domains) the token can see, with their IDs.',
      risk: 'read',
      method: 'GET',
      path: '/zones',
      input: listZones,
      query: ['name', 'per_page'],
      result: (body) =>
        pickEach(body, ['id', 'name', 'status', 'paused', 'name_servers'], 'result'),
      example: {
        input: { name: 'example.com', per_page: 20 },
        request: 'GET /client/v4/zones?name=example.com&per_page=20',
      },
    }),
    list_dns_records: defineAction<z.input<typeof listRecords>>({
      description: "List a zone's DNS records.",
      risk: 'read',
      method: 'GET',
      path: '/zones/{zone_id}/dns_records',
      input: listRecords,
      query: ['type', 'name', 'per_page'],
      result: (body) => pickEach(body, recordFields, 'result'),
      example: {
        input: { zone_id: '023e105f4ecef8ad9ca31a8372d0c353', type: 'A', per_page: 100 },
        request:
          'GET /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records?type=A&per_page=100',
      },
    }),
    create_dns_record: defineAction<z.input<typeof createRecord>>({
      description: 'Create a DNS record.',
      risk: 'write',
      method: 'POST',
      path: '/zones/{zone_id}/dns_records',
      input: createRecord,
      body: bodyFields,
      result: (body) => ({
        ...pick(body, ['success', 'errors']),
        ...pick(at(body, 'result'), recordFields),
      }),
      example: {
        input: {
          zone_id: '023e105f4ecef8ad9ca31a8372d0c353',
          type: 'A',
          name: 'status.example.com',
          content: '198.51.100.4',
          proxied: true,
        },
        request: 'POST /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records',
      },
    }),
    update_dns_record: defineAction<z.input<typeof updateRecord>>({
      description: 'Change fields of a DNS record (only those given).',
      risk: 'write',
      method: 'PATCH',
      path: '/zones/{zone_id}/dns_records/{dns_record_id}',
      input: updateRecord,
      body: bodyFields,
      result: (body) => ({
        ...pick(body, ['success', 'errors']),
        ...pick(at(body, 'result'), recordFields),
      }),
      example: {
        input: {
          zone_id: '023e105f4ecef8ad9ca31a8372d0c353',
          dns_record_id: '372e67954025e0ba6aaa6d586b9e0b59',
          content: '198.51.100.5',
        },
        request:
          'PATCH /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records/372e67954025e0ba6aaa6d586b9e0b59',
      },
    }),
    delete_dns_record: defineAction<z.infer<typeof deleteRecord>>({
      description: 'Delete a DNS record.',
      risk: 'destructive',
      method: 'DELETE',
      path: '/zones/{zone_id}/dns_records/{dns_record_id}',
      input: deleteRecord,
      example: {
        input: {
          zone_id: '023e105f4ecef8ad9ca31a8372d0c353',
          dns_record_id: '372e67954025e0ba6aaa6d586b9e0b59',
        },
        request:
          'DELETE /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records/372e67954025e0ba6aaa6d586b9e0b59',
      },
    }),
    purge_cache: defineAction<z.infer<typeof purge>>({
      description: "Purge cached files (by URL) or a zone's whole cache.",
      risk: 'write',
      method: 'POST',
      path: '/zones/{zone_id}/purge_cache',
      input: purge.refine(
        (input) => Boolean(input.files?.length) !== Boolean(input.purge_everything),
        {
          message: 'Give either files or purge_everything',
        },
      ),
      body: ['files', 'purge_everything'],
      result: (body) => pick(body, ['success', 'errors', 'result.id']),
      example: {
        input: {
          zone_id: '023e105f4ecef8ad9ca31a8372d0c353',
          files: ['https://example.com/styles.css'],
        },
        request: 'POST /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache',
      },
    }),
  },
});
