// File import and session export: the one loader the CLI and the panel share.
export type { Capture, LoadFormat, LoadResult } from './types.js';
export { loadFile } from './load-file.js';
export { feedCaptures } from './feed.js';
export { exportSession, exportRedacted, type RedactedExport } from './session-export.js';
export { redactFile, type RedactFileResult } from './redact/redact-file.js';
export { describeCounts, type RedactionReport, type RedactOptions } from './redact/options.js';
export { SESSION_FORMAT, SESSION_VERSION, type ExportOptions, type SessionFileV1 } from './session-format.js';
export { createBase64Decoder, encodeBase64, decodeBase64 } from './base64.js';
