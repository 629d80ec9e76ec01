// What a current client accepts but changes before the application sees it, and warns
// about (AG-UI draft › Processing model: unrecognised material is stripped or dropped with
// a warning, never fatal): properties it does not describe, content parts of an unknown
// kind, a protocol version newer than it implements or that it cannot read. Shallow on
// purpose, like the field checks: one level of keys, one list of parts per message.
import type { EventProblem } from './types.js';

/** The protocol line this inspector and the current client implement (MAJOR.MINOR). */
export const IMPLEMENTED_VERSION = { major: 1, minor: 1 } as const;
const IMPLEMENTED = `${IMPLEMENTED_VERSION.major}.${IMPLEMENTED_VERSION.minor}`;

/** Content part kinds a message may carry (`binary` is the legacy form the client upgrades). */
const CONTENT_PARTS: ReadonlySet<string> = new Set(['text', 'image', 'audio', 'video', 'document', 'binary']);

const clip = (s: string): string => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** Properties of `payload` the event type does not describe (`type` aside). */
export function checkUnknownProperties(
  payload: Readonly<Record<string, unknown>>,
  type: string,
  known: ReadonlyMap<string, unknown>,
  problems: EventProblem[],
): void {
  for (const key of Object.keys(payload)) {
    if (key === 'type' || known.has(key)) continue;
    const path = `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    problems.push({
      kind: 'adjusted',
      what: 'unknown-property',
      field: path,
      message: `${type} carries "${clip(key)}", a property the event does not describe: the client strips it (warning at ${clip(path)}) and delivers the rest of the event`,
    });
  }
}

/** Content parts of a kind the client does not know, in one snapshot message. */
export function checkContentParts(
  message: Readonly<Record<string, unknown>>,
  i: number,
  problems: EventProblem[],
): void {
  const content = message['content'];
  if (!Array.isArray(content)) return;
  content.forEach((part: unknown, j) => {
    if (typeof part !== 'object' || part === null || Array.isArray(part)) return;
    const kind = (part as Record<string, unknown>)['type'];
    if (typeof kind !== 'string' || CONTENT_PARTS.has(kind)) return;
    const path = `/messages/${i}/content/${j}`;
    problems.push({
      kind: 'adjusted',
      what: 'unknown-content-part',
      field: path,
      message: `MESSAGES_SNAPSHOT.messages[${i}].content[${j}] is a "${clip(kind)}" part, a kind the client does not know: it drops that part (warning at ${path}) and keeps the rest of the message`,
    });
  });
}

/** RUN_STARTED.protocolVersion newer than the client implements, or not MAJOR.MINOR at all. */
export function checkProtocolVersion(version: unknown, problems: EventProblem[]): void {
  if (typeof version !== 'string') return;
  const m = /^(\d{1,6})\.(\d{1,6})(?:\.\d{1,6})?$/.exec(version);
  if (m === null) {
    problems.push({
      kind: 'adjusted',
      what: 'unreadable-version',
      field: '/protocolVersion',
      message: `RUN_STARTED declares protocolVersion "${clip(version)}", which is not a MAJOR.MINOR version the client can interpret: it proceeds as for a newer version, warns, and drops what it does not know`,
    });
    return;
  }
  const major = Number(m[1]);
  const minor = Number(m[2]);
  const newer =
    major > IMPLEMENTED_VERSION.major || (major === IMPLEMENTED_VERSION.major && minor > IMPLEMENTED_VERSION.minor);
  if (newer)
    problems.push({
      kind: 'adjusted',
      what: 'newer-version',
      field: '/protocolVersion',
      message: `RUN_STARTED declares protocolVersion "${version}", newer than ${IMPLEMENTED} (what the client implements): it proceeds and warns; whatever ${version} added is stripped or dropped as unknown`,
    });
}

/** An outcome whose `type` the client does not know: stripped from its optional slot. */
export function unknownOutcome(type: string, field: string, member: string, known: readonly string[]): EventProblem {
  return {
    kind: 'adjusted',
    what: 'unknown-outcome',
    field: `/${field}`,
    message: `${type}.${field} has type "${clip(member)}", which the client does not know (it knows ${known.map((k) => `"${k}"`).join(', ')}): it strips the outcome with a warning, and the run ends as if ${type} carried none`,
  };
}

/** A retired 0.x THINKING_* event: the client translates it into reasoning. */
export function retiredType(type: string, replacement: string): EventProblem {
  return {
    kind: 'adjusted',
    what: 'retired-type',
    field: '/type',
    message: `${type} is a retired 0.x event: the client translates it into ${replacement} (shown here as reasoning)`,
  };
}
