// Runs and transport: the frame the tool rules stand on (run lifecycle, SSE framing,
// decodable events). Decode problems arrive on the RawEvent; the run phase is ours.
// This file is the family's rule table; its checks are in src/core/rules/runs-transport.ts.
import { ruleFamily } from './rule-family.js';
import { UNRECOGNISED_TEXT } from './spec-quotes.js';

/** The run lifecycle the client's verifyEvents enforces: each breach fails the stream. */
const LIFECYCLE_RULES = ruleFamily(
  { severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: '@ag-ui/client verifyEvents' },
  [
    {
      id: 'run/first-event',
      specText: 'The first event must be RUN_STARTED or RUN_ERROR: "First event must be \'RUN_STARTED\'".',
      explain: 'Emit RUN_STARTED before anything else in the stream.',
    },
    {
      id: 'run/started-while-active',
      specText: 'RUN_STARTED while a run is active fails … Several runs may share one stream.',
      explain: 'Finish the current run (RUN_FINISHED or RUN_ERROR) before starting the next.',
    },
    {
      id: 'run/event-after-finished',
      specText:
        'After RUN_FINISHED, any event except RUN_ERROR or RUN_STARTED fails. A late RUN_ERROR after RUN_FINISHED is allowed.',
      explain: 'Send nothing after RUN_FINISHED except a new RUN_STARTED (or a late RUN_ERROR).',
    },
    {
      id: 'run/event-after-error',
      specText: 'After RUN_ERROR, any event except RUN_STARTED fails.',
      explain: 'RUN_ERROR ends the run: send nothing after it except a new RUN_STARTED.',
    },
  ],
);

/** The rest of the run's frame: its identity and end, SSE and protobuf framing, decoding. */
const TRANSPORT_RULES = ruleFamily({ fatal: false, needs: 'stream' }, [
  {
    id: 'run/id-mismatch',
    severity: 'error',
    client: 'no',
    next: true,
    needs: 'input',
    specRef: 'AG-UI docs › Events (Lifecycle); @ag-ui/encoder content types',
    specText:
      'RUN_FINISHED: threadId, runId … The first event’s type is RUN_STARTED (threadId and runId should equal the input’s).',
    explain: 'Echo the threadId and runId of the run you are finishing.',
  },
  {
    id: 'run/truncated',
    severity: 'warning',
    client: 'no',
    next: true,
    specRef: 'AG-UI draft › Streaming (truncation)',
    specText:
      'A stream that ends without RUN_FINISHED or RUN_ERROR is a truncated run. A consumer MUST NOT synthesize RUN_FINISHED for it or report success.',
    explain:
      'End every run with RUN_FINISHED, or RUN_ERROR on failure; check for crashes or proxy timeouts that cut the body.',
  },
  {
    id: 'sse/crlf-framing',
    severity: 'warning',
    client: 'both',
    specRef: '@ag-ui/encoder (SSE)',
    specText:
      'The producer MUST use LF line endings. … The client splits the stream on \\n\\n only, so CRLF framing breaks it.',
    explain: 'Frame events with "\\n\\n" (LF only); the reference client cannot parse CRLF framing.',
  },
  {
    id: 'sse/invalid-json',
    severity: 'error',
    fatal: true,
    client: 'both',
    specRef: '@ag-ui/encoder (SSE)',
    specText: 'It runs JSON.parse on each event. Invalid JSON errors the stream.',
    explain: 'Send exactly one JSON event per data: payload (check for multi-line or truncated JSON).',
  },
  {
    id: 'event/malformed',
    severity: 'error',
    fatal: true,
    client: '1.0',
    specRef: 'AG-UI draft › Processing model',
    specText: 'A malformed known value MUST be fatal.',
    explain: 'Fix the named field: the event type requires it, with the documented type.',
  },
  {
    id: 'event/unknown-type',
    severity: 'notice',
    client: 'no',
    specRef: 'AG-UI draft › Processing model',
    specText: UNRECOGNISED_TEXT,
    explain: 'Conforming consumers drop this event; use CUSTOM for application-specific events.',
  },
  {
    id: 'event/null-field',
    severity: 'warning',
    client: '1.0',
    specRef: 'AG-UI draft › Processing model',
    specText:
      'Absent means absent: optional fields are omitted, never null. The legacy nulls are a closed, time-boxed list.',
    explain: 'Omit optional fields instead of sending null.',
  },
  // Extra rules (not in the shared catalogue; new ids).
  {
    id: 'proto/truncated-frame',
    severity: 'error',
    fatal: true,
    client: '1.0',
    specRef: '@ag-ui/proto (protobuf)',
    specText: 'Framing: a 4-byte unsigned big-endian length, then that many bytes of one ag_ui.Event.',
    explain:
      'The binary body ended inside a frame: the 1.0 client fails with "The binary stream ended mid-frame"; check the server flushes whole frames.',
  },
  {
    id: 'proto/undecodable-frame',
    severity: 'error',
    fatal: true,
    client: '1.0',
    specRef: '@ag-ui/proto (protobuf)',
    specText:
      '`ag_ui.Event` is a oneof envelope, one arm per event type. (The 1.0 client fails the stream with "Failed to decode protocol buffer message"; only an unknown arm is dropped with a warning.)',
    explain:
      'The frame’s bytes are not an ag_ui.Event: check both sides use the same @ag-ui/proto schema version and that frames are not corrupted.',
  },
  {
    id: 'sse/unterminated-event',
    severity: 'notice',
    client: 'no',
    specRef: '@ag-ui/encoder (SSE)',
    specText:
      'The TS EventEncoder and the Python encoder both emit exactly `data: <one JSON event>` followed by a blank line.',
    explain: 'End every event with a blank line; the last one here was cut off (the client still parses the tail).',
  },
  // Reported by the pipeline (src/core/internal-finding.ts), listed so every finding has an entry.
  {
    id: 'sse/invalid-utf8',
    severity: 'warning',
    client: 'no',
    specRef: 'HTML › Server-sent events (UTF-8 decode)',
    specText:
      'The stream must be decoded using the UTF-8 decode algorithm: invalid bytes become U+FFFD REPLACEMENT CHARACTER.',
    explain:
      'The producer sent bytes that are not UTF-8 in this event; consumers see U+FFFD in their place. Encode the text as UTF-8 (check string truncation at byte boundaries).',
  },
  // Reported by the pipeline from what the SSE decoder saw the parser discard (src/core/framing/sse-drops.ts).
  {
    id: 'sse/no-data-field',
    severity: 'warning',
    client: 'no',
    specRef: 'HTML › Server-sent events (dispatch); @ag-ui/client parseSSEStream',
    specText:
      'If the data buffer is an empty string, set the data buffer and the event type buffer to the empty string and return. (parseSSEStream keeps only the lines that start with `data:`.)',
    explain:
      'Write every event as a `data:` line: a block without one (an event JSON without its prefix, `event:`/`id:` lines alone) is discarded by the client, which never sees it.',
  },
  {
    id: 'sse/ignored-line',
    severity: 'warning',
    client: 'no',
    specRef: 'HTML › Server-sent events (interpreting an event stream); @ag-ui/client parseSSEStream',
    specText:
      'If the field name is "event", "data", "id" or "retry" … Otherwise: The field is ignored. (A line without a colon is a field named by the whole line.)',
    explain:
      'Prefix every line of an event’s JSON with `data:`; a line with another field name is skipped by the client, which never sees it.',
  },
  {
    id: 'sse/named-event',
    severity: 'notice',
    client: 'no',
    specRef: 'HTML › Server-sent events (dispatch); @ag-ui/client parseSSEStream',
    specText:
      'If the event type buffer has a value other than the empty string, change the type of the newly created event to equal the value of the event type buffer. (onmessage receives only events of type "message".)',
    explain:
      'Drop the `event:` line: @ag-ui/client ignores it, but an EventSource consumer’s onmessage never receives a named event.',
  },
  {
    id: 'inspector/internal-error',
    severity: 'warning',
    client: 'no',
    specRef: 'AG-UI Inspector (not a protocol rule)',
    specText:
      'The facade must never throw on bad input: a failure in any part becomes a finding on the stream and processing goes on.',
    explain:
      'The inspector itself failed on this input; the rest of the stream is still judged. Please report it with the exported session.',
  },
]);

export const RUNS_TRANSPORT_RULES = [...LIFECYCLE_RULES, ...TRANSPORT_RULES];
