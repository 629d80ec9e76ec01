// The official AG-UI conformance corpus as client cases: each fixture's stream as the SSE
// answer to a run request, its `expect` as the official client's outcome. The corpus files
// are bundled as they are (./official-corpus.json, made by scripts/bundle-client-cases.ts
// from test/conformance; a test keeps the two equal).
import { isRecord } from '../json-value.js';
import type { CasePart, ClientCase, OfficialOutcome } from './types.js';

/** One corpus file as bundled: its version directory, file name and parsed content. */
export interface CorpusEntry {
  readonly version: string;
  readonly file: string;
  readonly fixture: unknown;
}

/** Events written this far apart: a fixture holds no timing, and a client should not need one write per event. */
const GAP_MS = 5;

function outcomeOf(expect: Record<string, unknown>): OfficialOutcome {
  const outcome = expect['outcome'] === 'failed' ? 'failed' : 'completed';
  const errorContains = typeof expect['errorContains'] === 'string' ? expect['errorContains'] : '';
  const warnings = Array.isArray(expect['warnings'])
    ? expect['warnings'].filter((w): w is string => typeof w === 'string')
    : [];
  const count = expect['messageCount'];
  return {
    outcome,
    ...(errorContains !== '' ? { errorContains } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(typeof count === 'number' ? { messageCount: count } : {}),
  };
}

const TITLE_MAX = 90;

/** The description's first clause as a title (test names and report rows are read at a glance), at most TITLE_MAX characters. */
function titleOf(name: string, description: unknown): string {
  const text = typeof description === 'string' && description !== '' ? description : name;
  const clause = text.split(/ \u2014 |: |; /)[0]!.trim();
  const short = clause.length > TITLE_MAX ? `${clause.slice(0, TITLE_MAX - 1).trimEnd()}\u2026` : clause;
  return short.charAt(0).toUpperCase() + short.slice(1);
}

function goodClientOf(outcome: OfficialOutcome): string {
  if (outcome.outcome === 'failed')
    return `Rejects the stream as the specification requires${outcome.errorContains !== undefined ? ` ("${outcome.errorContains}")` : ''} and shows the run as failed`;
  if (outcome.warnings !== undefined) return `Accepts the stream and warns: ${outcome.warnings.join('; ')}`;
  return 'Accepts the stream and shows what it carries';
}

/**
 * Draft rules the released client does not enforce yet: it completes these runs where the
 * draft requires a rejection (measured with @ag-ui/client 1.0.0; the serve-cases test
 * plays every case into it and fails when this table is no longer true).
 */
const RELEASED_CLIENT_COMPLETES: ReadonlySet<string> = new Set([
  'official/draft/duplicate-interrupt-id-fatal',
  'official/draft/run-finished-wrong-run-id-fatal',
  'official/draft/run-finished-wrong-thread-id-fatal',
  'official/draft/second-run-on-another-thread-fatal',
  'official/draft/truncated-stream-fails-the-run',
]);

/** The case a corpus file makes, or undefined when it is not a fixture (no name or stream). */
export function officialCase(entry: CorpusEntry): ClientCase | undefined {
  const f = entry.fixture;
  if (!isRecord(f) || typeof f['name'] !== 'string' || !Array.isArray(f['stream'])) return undefined;
  const required = outcomeOf(isRecord(f['expect']) ? f['expect'] : {});
  const id = `official/${entry.version}/${f['name']}`;
  const official: OfficialOutcome = RELEASED_CLIENT_COMPLETES.has(id)
    ? { outcome: 'completed', differs: 'a draft rule the released client does not enforce yet' }
    : required;
  const parts: CasePart[] = f['stream'].filter(isRecord).map((event, i) => ({ at: i * GAP_MS, event }));
  const spec = typeof f['specPage'] === 'string' ? ` (${f['specPage']})` : '';
  return {
    id,
    group: 'official',
    title: titleOf(f['name'], f['description']),
    protocolVersion: entry.version,
    source: `AG-UI conformance corpus ${entry.version}: ${entry.file}${spec}`,
    goodClient: goodClientOf(required),
    // A RUN_ERROR completes the run for the client, and still is an error the user should see.
    shouldShowError:
      required.outcome === 'failed' || parts.some((p) => 'event' in p && p.event['type'] === 'RUN_ERROR'),
    required,
    official,
    answer: { status: 200, contentType: 'text/event-stream', parts },
  };
}
