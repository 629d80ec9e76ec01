// Everything the CLI takes from the core, in one place (lint holds it: a CLI module may
// import core types directly, but core values only from here), as the panel's
// src/panel/core-deps.ts is for the panel. Unlike the panel the CLI needs nothing injected:
// its one stateful dependency, the outside world, arrives as CliIo, and tests run the real
// core through main(). So the door is re-exports only: which of the core the CLI uses, read
// in one file, and one file to change when the core moves a module.
export { concatBytes } from '../core/bytes.js';
export { createSseDecoder, sseKeptFrom } from '../core/framing/sse.js';
export { encodeBase64 } from '../core/io/base64.js';
export { feedCaptures } from '../core/io/feed.js';
export { encodingForContentType, readEntry } from '../core/io/har.js';
export { bodilessFindings, bodilessStreamId } from '../core/io/har-no-body.js';
export { inlineSidecars, sidecarNames } from '../core/io/har-sidecars.js';
export { headerRecord } from '../core/io/headers.js';
export { inspectBytes } from '../core/io/inspect-bytes.js';
export { looksLikeProto } from '../core/io/proto-sniff.js';
export { bodyOpenInfo, namedEventsNote, openFor } from '../core/io/raw-body.js';
export { isCredentialName, REDACTED } from '../core/io/redact/credentials.js';
export { redactHarStream } from '../core/io/redact/har-stream.js';
export { createReport, describeCounts, HIDE_LENGTHS_NOTE, STRICT_NOTE } from '../core/io/redact/options.js';
export { redactFile } from '../core/io/redact/redact-file.js';
export { redactStream } from '../core/io/redact/redact-stream.js';
export { redactUrl } from '../core/io/redact/url.js';
export { findingRecords, findingsOfFile, sameFindings } from '../core/io/redact/verify.js';
export { verificationNotes } from '../core/io/session-export.js';
export { readHead, readRange } from '../core/io/stream/chunks.js';
export { HAR_START, inspectStream, sniffStream } from '../core/io/stream/inspect-stream.js';
export { createNamedEventScan } from '../core/io/stream/named-events.js';
export { scanHar } from '../core/io/stream/stream-har.js';
export { isNotUtf8, jsonlRecords, jsonlTally } from '../core/io/stream/stream-jsonl.js';
export { decodeUtf8, encodeUtf8, jsonOrUndefined, parseJson, plural } from '../core/io/text.js';
export { isRecord, str } from '../core/json-value.js';
export { bodyEventStart, findingsOf, recordedStreams, runsOf, streamUrls } from '../core/model/reads.js';
export { createInspector } from '../core/pipeline/create-inspector.js';
export { printModel } from '../core/print/print-model.js';
export { clientVerdict, ruleHelpMarkdown, ruleHelpText } from '../core/print/rule-text.js';
export { getRun, getStream } from '../core/reduce/lookup.js';
export { runTiming } from '../core/timing/run-timing.js';
export { DEFAULT_TIMING_LIMITS } from '../core/catalogue/timing.js';
export { applyIdPatches, idPatchesIn, LIFECYCLE_TYPES } from '../core/replay/id-patches.js';
export { withRequestIds as withRequestIdPieces } from '../core/replay/rewrite-pieces.js';
export { ruleById, RULES } from '../core/catalogue/catalogue.js';
export { CLIENT_PROFILES, rejectingProfiles, rejectsUnder } from '../core/rules/profiles.js';
export { budgetNotices, DEFAULT_THRESHOLDS } from '../core/stats/budget-notices.js';
export { PAYLOAD_KINDS, payloadBudget } from '../core/stats/payload-budget.js';
export { createPicker } from '../core/replay/pick.js';
export { requestIds } from '../core/replay/request-ids.js';
export { applyRuleSettings, atLeast, countFailing } from '../core/policy/apply.js';
export { checkRule, mustBe, oneOf, RULE_SETTINGS, SEVERITIES } from '../core/policy/rule-settings.js';
export { CONFIG_NAME, findConfigFile, parseSharedConfig } from '../core/policy/config-file.js';
export { withoutIgnoredUrls } from '../core/policy/ignore-urls.js';
export { absoluteUrl, methodOf, sseFrame, toHar } from '../core/io/har-write.js';
export { toPlaywright } from '../core/io/to-playwright.js';
export { bodyOf, defaultPattern, noRecordedRuns, recordingOf, runOfCapture } from '../core/io/recorded-runs.js';
export { CLIENT_CASES, pickCases } from '../core/client-cases/catalogue.js';
export { caseRun } from '../core/client-cases/wire.js';
export { parseA2uiCatalogue } from '../core/a2ui/catalogues.js';
