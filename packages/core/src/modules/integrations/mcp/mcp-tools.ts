import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { DynamicAction } from '../connector-registry.js';
import { ACTION_NAME, RESERVED_ACTIONS, type RiskLevel } from '../integration.js';

/** The connector's own action: the MCP ping, its connection test. No tool may take its name. */
export const PING_ACTION = 'ping';
const TAKEN = new Set([...RESERVED_ACTIONS, PING_ACTION]);
/** A server writes its own descriptions: kept short, they are outside words in our prompt. */
const DESCRIPTION_CHARS = 300;

export interface McpAction extends DynamicAction {
  /** The tool's name on the server (actions are snake_case; tool names may not be). */
  tool: string;
}

/**
 * A tool's risk from its annotations: a destructive hint wins (the stricter word), then a
 * read-only hint; a tool that says neither may write. Hints are the server's claims, so the
 * operator can override each action's level like any connector's.
 */
export function riskOfTool(tool: Pick<Tool, 'annotations'>): RiskLevel {
  if (tool.annotations?.destructiveHint === true) return 'destructive';
  if (tool.annotations?.readOnlyHint === true) return 'read';
  return 'write';
}

/** A tool name as an action name: snake_case, unique, never a reserved one. */
function actionName(tool: string, used: Set<string>): string {
  let base = tool
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 56);
  if (!/^[a-z]/.test(base)) base = `tool_${base}`.replace(/_+$/, '');
  if (TAKEN.has(base)) base = `${base}_tool`;
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
  if (!ACTION_NAME.test(name)) throw new Error(`No action name for tool ${tool}`);
  used.add(name);
  return name;
}

/** The params check of a tool: its JSON Schema as zod; anything goes if zod cannot read it. */
function inputOf(schema: Tool['inputSchema']): z.ZodType<Record<string, unknown>> {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodType<
      Record<string, unknown>
    >;
  } catch {
    return z.record(z.string(), z.unknown());
  }
}

/** The actions of a server's tools, by action name, plus the ping. */
export function actionsOfTools(tools: readonly Tool[]): Record<string, McpAction> {
  const used = new Set<string>();
  const actions: Record<string, McpAction> = {
    [PING_ACTION]: {
      tool: '',
      description: 'Checks that the MCP server answers (the MCP ping).',
      risk: 'read',
      input: z.object({}),
    },
  };
  for (const tool of tools) {
    const description = (tool.description ?? tool.title ?? tool.name).replace(/\s+/g, ' ').trim();
    actions[actionName(tool.name, used)] = {
      tool: tool.name,
      description:
        description.length > DESCRIPTION_CHARS
          ? `${description.slice(0, DESCRIPTION_CHARS - 1)}…`
          : description,
      risk: riskOfTool(tool),
      input: inputOf(tool.inputSchema),
      jsonSchema: tool.inputSchema,
    };
  }
  return actions;
}

/**
 * A tool's answer as the model reads it: text as it came, structured content when the tool
 * gives some, other kinds of content named but not inlined (an image is no use as JSON text).
 * A tool error stays an answer (`is_error`): it is the server's words, so it goes back marked
 * untrusted like any result rather than as our own error message.
 */
export function resultOfTool(result: CallToolResult): Record<string, unknown> {
  const content = (result.content ?? []).map((item) => {
    if (item.type === 'text') return { type: 'text', text: item.text };
    if (item.type === 'resource_link') return { type: 'resource_link', uri: item.uri };
    if (item.type === 'resource')
      return 'text' in item.resource
        ? { type: 'resource', uri: item.resource.uri, text: item.resource.text }
        : { type: 'resource', uri: item.resource.uri, mime_type: item.resource.mimeType ?? null };
    return {
      type: item.type,
      mime_type: item.mimeType,
      bytes: Math.floor(item.data.length * 0.75),
    };
  });
  return {
    content,
    ...(result.structuredContent ? { structured: result.structuredContent } : {}),
    ...(result.isError ? { is_error: true } : {}),
  };
}
