// Preview reports (docs/decisions/038-preview-reports.md): what the host process uses of them.
export { readReportConfig, type ReportConfig } from './report-config.js';
export { siteReports, publicOrigin, type SiteReports } from './site-reporter.js';
export { DEFAULT_RETRY, type RetryPolicy } from './forge-http.js';
export { COMMENT_MARKER } from './comment.js';
