import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSsrfGuard } from '../../../net/ssrf.js';
import { mcpRoutes } from './mcp.routes.js';
import { McpServers } from './mcp.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    mcpServers: McpServers;
  }
}

/**
 * MCP servers as connectors. A plugin of its own, after the sandbox (stdio servers run under its
 * rules) and the integrations (whose registry, vault fields and pipeline they plug into).
 */
export const mcpPlugin = fp(
  async (app: FastifyInstance) => {
    const servers = new McpServers({
      integrations: app.integrations,
      settings: app.settings,
      kv: app.kv,
      vault: app.vault,
      sandbox: app.sandbox,
      // SSRF_ALLOWLIST opens a LAN or localhost server, as for every other outbound URL.
      guard: createSsrfGuard({ allowlist: app.config.skills.ssrfAllowlist }),
      timeoutMs: app.config.integrations.timeoutMs,
      log: app.log.child({ module: 'mcp' }),
    });
    app.decorate('mcpServers', servers);
    await servers.start();
    app.addHook('onClose', async () => servers.close());
    await mcpRoutes(app, servers);
  },
  { name: 'mcp', dependencies: ['integrations', 'sandbox', 'settings', 'vault', 'audit'] },
);
