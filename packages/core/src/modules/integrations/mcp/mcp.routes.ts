import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RISK_LEVELS } from '../integration.js';
import type { Operator } from '../integrations.service.js';
import type { McpServers } from './mcp.service.js';

const tags = ['integrations'];

const operator = (request: FastifyRequest): Operator => ({
  actor: request.session?.user ?? 'unknown',
  requestId: request.id,
});

const nameParams = z.object({ name: z.string().min(1).max(64) });

export const registerBody = z.discriminatedUnion('transport', [
  z.object({
    name: z.string().describe('lowercase letters, digits and -; the connector id is mcp-<name>'),
    transport: z.literal('http'),
    url: z.string().max(2048).describe('The streamable HTTP endpoint, such as https://host/mcp'),
    token: z
      .string()
      .optional()
      .describe('Sent as a bearer token; sealed in the vault, never returned'),
  }),
  z.object({
    name: z.string(),
    transport: z.literal('stdio'),
    command: z
      .array(z.string().max(4096))
      .min(1)
      .max(64)
      .describe('Program and arguments, run under the sandbox rules of the shell'),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Environment variables for the program by name (an API key): sealed in the vault, given to the program as it starts, never returned; change one with PUT /api/integrations/mcp-<name>/credentials',
      ),
  }),
]);

export const serverSchema = z.object({
  name: z.string(),
  integration_id: z.string().describe('Its connector: execute, policy and calls go through it'),
  transport: z.enum(['http', 'stdio']),
  url: z.string().nullable(),
  command: z.array(z.string()).nullable(),
  env: z.array(z.string()).describe("A stdio server's environment variable names (never values)"),
  token_set: z.boolean().describe('Whether a token is in the vault (its value is never returned)'),
  status: z.enum(['connecting', 'connected', 'error', 'closed']),
  error: z.string().nullable(),
  server: z.object({ name: z.string(), version: z.string() }).nullable(),
  tools: z.array(
    z.object({
      tool: z.string().describe("The tool's name on the server"),
      action: z.string().describe('The action name on the connector'),
      risk: z.enum(RISK_LEVELS).describe('From its annotations, or the operator override'),
      description: z.string(),
    }),
  ),
  tools_listed_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string(),
});

/** Registering, listing and removing MCP servers (docs/api/integrations.md, "MCP servers"). */
export async function mcpRoutes(app: FastifyInstance, servers: McpServers): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/integrations/mcp/servers',
    {
      schema: {
        tags,
        summary: 'MCP servers with their connection status and tools',
        response: { 200: z.object({ servers: z.array(serverSchema) }) },
      },
    },
    async () => ({ servers: await servers.list() }),
  );

  routes.post(
    '/api/integrations/mcp/servers',
    {
      schema: {
        tags,
        summary: 'Register an MCP server as the connector mcp-<name> (audited)',
        body: registerBody,
        response: { 201: serverSchema },
      },
    },
    async (request, reply) => {
      const view = await servers.register(request.body, operator(request));
      app.audit.record({
        action: 'integration.mcp_register',
        actor: operator(request).actor,
        target: view.integration_id,
        detail: {
          transport: view.transport,
          url: view.url,
          command: view.command,
          env: view.env,
        },
        request_id: request.id,
      });
      return reply.status(201).send(view);
    },
  );

  routes.get(
    '/api/integrations/mcp/servers/:name',
    {
      schema: {
        tags,
        summary: 'One MCP server',
        params: nameParams,
        response: { 200: serverSchema },
      },
    },
    async (request) => servers.get(request.params.name),
  );

  routes.delete(
    '/api/integrations/mcp/servers/:name',
    {
      schema: {
        tags,
        summary: 'Disconnect and remove an MCP server, its token and its settings (audited)',
        params: nameParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await servers.remove(request.params.name, operator(request));
      return { ok: true as const };
    },
  );
}
