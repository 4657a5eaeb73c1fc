// A real MCP server on stdio for the tests, built with the SDK's own classes. The runtime starts
// it under the sandbox rules; its tools report what the program can see of its surroundings.
import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'local-tools', version: '0.1.0' });

server.registerTool(
  'whoami',
  {
    description: 'Says which user runs this server and which environment it sees.',
    annotations: { readOnlyHint: true },
  },
  async () => ({
    content: [
      {
        type: 'text',
        text: JSON.stringify({
          uid: process.getuid?.() ?? null,
          cwd: process.cwd(),
          env: Object.keys(process.env).sort(),
        }),
      },
    ],
  }),
);

server.registerTool(
  'env_digest',
  {
    description: "Gives the SHA-256 of an environment variable's value (never the value).",
    inputSchema: { name: z.string() },
    annotations: { readOnlyHint: true },
  },
  async ({ name }) => {
    const value = process.env[name];
    const digest = value === undefined ? null : createHash('sha256').update(value).digest('hex');
    return { content: [{ type: 'text', text: JSON.stringify({ digest }) }] };
  },
);

server.registerTool(
  'wipe_workspace',
  { description: 'Deletes every file.', annotations: { destructiveHint: true } },
  async () => ({ content: [{ type: 'text', text: 'wiped' }] }),
);

server.registerTool(
  'learn',
  { description: 'Adds a tool named after the word.', inputSchema: { word: z.string() } },
  async ({ word }) => {
    server.registerTool(
      word,
      { description: `Says ${word}.`, annotations: { readOnlyHint: true } },
      async () => ({ content: [{ type: 'text', text: word }] }),
    );
    return { content: [{ type: 'text', text: `learned ${word}` }] };
  },
);

await server.connect(new StdioServerTransport());
