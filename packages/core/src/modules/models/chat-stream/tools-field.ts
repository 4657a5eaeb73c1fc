import type { ToolSpec } from './chat-types.js';

/**
 * The `,"tools":[...]` part of a request body, each tool in one protocol's shape (`shape`),
 * written once per tool object and kept with it; empty when no tool is offered.
 */
export function toolsField(
  shape: (tool: ToolSpec) => Record<string, unknown>,
): (tools: readonly ToolSpec[]) => string {
  const written = new WeakMap<ToolSpec, string>();
  const json = (tool: ToolSpec) => {
    let text = written.get(tool);
    if (text === undefined) {
      text = JSON.stringify(shape(tool));
      written.set(tool, text);
    }
    return text;
  };
  return (tools) => (tools.length > 0 ? `,"tools":[${tools.map(json).join(',')}]` : '');
}
