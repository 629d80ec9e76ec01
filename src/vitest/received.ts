// What `toBeValidAgui` judges, read as lint reads a file: an array of AG-UI events, an
// event-stream (or protobuf) body as text or bytes, or a fetch Response whose body is read.
import { loadFile } from '../core/io/load-file.js';
import { loadJsonArray } from '../core/io/raw-body.js';
import type { LoadResult } from '../core/io/types.js';

const NAME = 'received body';

/** A fetch Response by shape, so undici's, node-fetch's and a polyfill's all count. */
export interface ResponseLike {
  readonly bodyUsed: boolean;
  readonly status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export function isResponseLike(value: unknown): value is ResponseLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { arrayBuffer?: unknown }).arrayBuffer === 'function' &&
    typeof (value as { bodyUsed?: unknown }).bodyUsed === 'boolean'
  );
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Object.getPrototypeOf(value)?.constructor?.name ?? 'object';
}

/** Synchronous inputs: events or a body. Anything else is a mistake in the test, thrown. */
export function loadReceived(received: unknown): LoadResult {
  if (Array.isArray(received)) {
    if (received.length === 0) return { ok: false, error: 'received an empty array: no AG-UI events' };
    return loadJsonArray('received events', received);
  }
  if (typeof received === 'string') return loadFile(NAME, new TextEncoder().encode(received));
  if (received instanceof Uint8Array) return loadFile(NAME, received);
  if (received instanceof ArrayBuffer) return loadFile(NAME, new Uint8Array(received));
  throw new TypeError(
    `toBeValidAgui: expected an array of AG-UI events, an SSE body (string, Uint8Array or ArrayBuffer) or a fetch Response, got ${kindOf(received)}`,
  );
}

/** Throws at once (not in the Promise) for a body already read: a mistake in the test, not a finding. */
export function loadResponse(response: ResponseLike): Promise<LoadResult> {
  if (response.bodyUsed)
    throw new TypeError('toBeValidAgui: the Response body was already read; pass a fresh Response');
  return readResponse(response);
}

async function readResponse(response: ResponseLike): Promise<LoadResult> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const loaded = loadFile(NAME, bytes);
  if (loaded.ok || response.status < 300) return loaded;
  return { ok: false, error: `the response has status ${response.status}; ${loaded.error}` };
}
