// The façade for the process that hosts the site (docs/decisions/010-facade.md): what bin/ needs of
// server/ besides the app's façade (server/site/index.ts): reading the environment, logging, the
// sync with the remote, metrics, the cost model's per-request parts, peers, purges, webhooks and the MCP server.
// bin/ imports these two modules and nothing else below them (tests/architecture.test.ts).
export { readServerConfig, type ServerConfig } from './site/env.js';
export { accessLogOf, createLogger, type Logger } from './site/log.js';
export { Sync } from './site/sync.js';
export { createMetrics } from './site/metrics.js';
export { registerWorkMetrics } from './site/work/work-metrics.js';
export { Busy } from './site/work/busy.js';
export type { RequestBudget } from './site/work/admission.js';
export { asksWholeSite, namesOnlyPublished } from './site/work/chosen-refs.js';
export { notifyPeers, PEER_HEADER, peerWebhooks, verifyPeerMessage } from './site/peers.js';
export { sendPurges } from './site/caches/purge.js';
export { purgeKeys } from './site/caches/surrogate-keys.js';
export { verifyWebhook } from './site/webhook.js';
export { abandoned, isWorkStop, runAs, type Work } from './work-context.js';
export { loopSteps } from './main-thread.js';
export { collectWhenIdle } from './idle-gc.js';
export { readReportConfig, siteReports, type SiteReports } from './report/index.js';
export { answerMcp } from './mcp/answer.js';
export type { McpCall } from './mcp/server.js';
export type { Reading } from './mcp/tool.js';
export { registerMcpMetrics } from './mcp/metrics.js';
