// One MCP server factory for both surfaces: the stdio server (packages/mcp) and the remote endpoint (workers/mcp.ts)
// serve the same tool table through the same handlers; they differ only in the SDK client they hand in (over the
// network, or calling the API Worker's Hono app in-process) and in masking internal errors (decision D120).
import { ProtocolError, Server, type CallToolResult, type McpServerFactory, type Tool } from '@modelcontextprotocol/server';
import type { SvcClient } from '../../packages/sdk/src/client.ts';
import { INVALID_PARAMS, toolError } from './errors.ts';
import { TOOLS, toolArguments, type ToolDefinition } from './tools.ts';

export const SERVER_NAME = 'capture-service';
export const SERVER_VERSION = '0.1.0';

export interface McpSurface {
  /** The SDK client the tools call; made once per server instance. */
  client: () => SvcClient;
  /** Hide internal error messages (`internal error`): the remote endpoint and hosted mode. */
  mask: boolean;
}

const TOOL_LIST: Tool[] = TOOLS.map((t) => ({
  name: t.name,
  description: t.description,
  inputSchema: t.inputSchema as Tool['inputSchema'],
  outputSchema: t.outputSchema as Tool['outputSchema'],
}));

const BY_NAME = new Map<string, ToolDefinition>(TOOLS.map((t) => [t.name, t]));

/** Runs one tool: its structured result is the API's JSON, with a one-line summary as text. */
export async function callTool(surface: McpSurface, client: SvcClient, name: string, raw: unknown): Promise<CallToolResult> {
  const tool = BY_NAME.get(name);
  if (!tool) throw new ProtocolError(INVALID_PARAMS, `unknown tool: ${name}`, { code: 'invalid_request', status: null });
  const rawArgs = raw ?? {};
  const call = tool.call(typeof rawArgs === 'object' && rawArgs !== null ? (rawArgs as Record<string, unknown>) : {});
  try {
    const args = toolArguments(tool, rawArgs);
    const result = await tool.run(client, args);
    return {
      content: [{ type: 'text', text: tool.summary(result) }],
      structuredContent: result as Record<string, unknown>,
    };
  } catch (err) {
    throw toolError(err, call, { mask: surface.mask });
  }
}

export function mcpServerFactory(surface: McpSurface): McpServerFactory {
  return () => {
    const server = new Server({ name: SERVER_NAME, version: SERVER_VERSION }, { capabilities: { tools: {} } });
    const client = surface.client();
    server.setRequestHandler('tools/list', async () => ({ tools: TOOL_LIST }));
    server.setRequestHandler('tools/call', async (request) =>
      callTool(surface, client, request.params.name, request.params.arguments),
    );
    return server;
  };
}
