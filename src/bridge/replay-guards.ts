// Guards for the replay controls (./replay-messages.ts): the router checks them on the
// panel port, the relay again before anything reaches the tap.
import { isRecord as isRec } from '../core/json-value.js';
import { ID_PATTERN, LIMITS } from './messages.js';
import { REPLAY_LIMITS, type ReplayPanelMessage, type ReplayWireRun } from './replay-messages.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const nonNeg = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

function numbers(x: unknown, max: number): x is number[] {
  return Array.isArray(x) && x.length <= max && x.every(nonNeg);
}

function isRun(x: unknown): x is ReplayWireRun {
  if (!isRec(x)) return false;
  const { ends, at, patches } = x;
  return (
    typeof x.source === 'string' &&
    x.source.length <= 512 &&
    (x.recordedUrl === undefined || (typeof x.recordedUrl === 'string' && x.recordedUrl.length <= LIMITS.urlLength)) &&
    Number.isInteger(x.status) &&
    (x.status as number) >= 200 &&
    (x.status as number) <= 599 &&
    typeof x.contentType === 'string' &&
    x.contentType.length <= 1024 &&
    typeof x.base64 === 'string' &&
    x.base64.length <= REPLAY_LIMITS.base64 &&
    BASE64.test(x.base64) &&
    numbers(ends, REPLAY_LIMITS.pieces) &&
    numbers(at, REPLAY_LIMITS.pieces) &&
    ends.length === at.length &&
    numbers(patches, REPLAY_LIMITS.pieces) &&
    patches.length % 3 === 0
  );
}

export function isReplayPanelMessage(x: unknown): x is ReplayPanelMessage {
  if (!isRec(x) || typeof x.armId !== 'string' || !ID_PATTERN.test(x.armId)) return false;
  switch (x.kind) {
    case 'replay-arm': {
      const runs = x.runs;
      return (
        nonNeg(x.ttlMs) &&
        x.ttlMs <= REPLAY_LIMITS.ttlMs &&
        typeof x.pattern === 'string' &&
        x.pattern.length <= Math.min(REPLAY_LIMITS.patternLength, LIMITS.urlLength) &&
        (x.path === undefined || (typeof x.path === 'string' && x.path.length <= LIMITS.urlLength)) &&
        typeof x.rewriteIds === 'boolean' &&
        typeof x.step === 'boolean' &&
        Array.isArray(runs) &&
        runs.length >= 1 &&
        runs.length <= REPLAY_LIMITS.runs &&
        runs.every(isRun) &&
        runs.reduce((n: number, r: ReplayWireRun) => n + r.base64.length, 0) <= REPLAY_LIMITS.base64
      );
    }
    case 'replay-release':
      return nonNeg(x.upTo) && Number.isInteger(x.upTo);
    case 'replay-also':
      return typeof x.path === 'string' && x.path.startsWith('/') && x.path.length <= LIMITS.urlLength;
    case 'replay-cancel':
    case 'replay-disarm':
      return true;
    default:
      return false;
  }
}
