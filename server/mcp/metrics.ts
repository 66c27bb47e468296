// Tool calls at /metrics, apart from readers' requests (decision 037).
import { Counter, type Registry } from 'prom-client';
import { TOOLS } from './server.js';

/** Registers `docsite_mcp_calls_total{tool,outcome}` and answers a function that counts one call. */
export function registerMcpMetrics(registry: Registry): (tool: string, failed: boolean) => void {
  const calls = new Counter({ name: 'docsite_mcp_calls_total', help: 'MCP tool calls, by tool and outcome (ok, error).', labelNames: ['tool', 'outcome'], registers: [registry] });
  // Every series from the start, so a rate over the first call is right.
  for (const definition of TOOLS) calls.inc({ tool: definition.name, outcome: 'ok' }, 0);
  return (tool, failed) => calls.inc({ tool, outcome: failed ? 'error' : 'ok' });
}
