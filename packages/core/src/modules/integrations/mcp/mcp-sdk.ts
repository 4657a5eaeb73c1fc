import { once } from '../../../util/once.js';

/**
 * The parts of the MCP SDK the client uses, loaded when the first server connects: the SDK and
 * the schema libraries it brings weigh about as much as the rest of the start-up, and most
 * runtimes register no MCP server.
 */
async function importSdk() {
  const [client, types, stdio, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return {
    Client: client.Client,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
  };
}

export type McpSdk = Awaited<ReturnType<typeof importSdk>>;

export const loadMcpSdk = once(importSdk);
