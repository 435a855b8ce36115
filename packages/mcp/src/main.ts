#!/usr/bin/env node
// Entry of the `svc-mcp` command (package.json "bin"): the local MCP server over stdio. It serves the capture
// service's tools (src/mcp/tools.ts) by calling the REST API at $SVC_BASE_URL (default http://127.0.0.1:8787) with
// $SVC_API_TOKEN through the SDK (packages/sdk). Runs under Node 24 type stripping, no build step. stdout carries the
// protocol only; diagnostics go to stderr.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createClient } from '../../sdk/src/client.ts';
import { mcpServerFactory } from '../../../src/mcp/server.ts';

const client = createClient();
const handle = serveStdio(mcpServerFactory({ client: () => client, mask: false }), {
  onerror: (err) => console.error(`svc-mcp: ${err.message}`),
});

// The client closing stdin ends the session; signals end it too.
const stop = () => {
  void handle.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
