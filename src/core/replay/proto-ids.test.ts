import { decode, encode } from '@ag-ui/proto';
import { EventType } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../bytes.js';
import { protoWithRequestIds } from './proto-ids.js';

function frame(event: Parameters<typeof encode>[0]): Uint8Array {
  const payload = encode(event);
  const out = new Uint8Array(4 + payload.length);
  new DataView(out.buffer).setUint32(0, payload.length);
  out.set(payload, 4);
  return out;
}

function events(body: Uint8Array): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let pos = 0; pos + 4 <= body.length;) {
    const length = new DataView(body.buffer, body.byteOffset + pos, 4).getUint32(0);
    out.push(decode(body.subarray(pos + 4, pos + 4 + length)) as unknown as Record<string, unknown>);
    pos += 4 + length;
  }
  return out;
}

describe('protoWithRequestIds', () => {
  const text = frame({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'threadId t-old' });
  const body = concatBytes([
    frame({ type: EventType.RUN_STARTED, threadId: 't-old', runId: 'r-old' }),
    text,
    frame({ type: EventType.RUN_FINISHED, threadId: 't-old', runId: 'r-old' }),
  ]);

  it("puts the request's ids in the lifecycle frames and keeps every other frame's bytes", () => {
    const out = protoWithRequestIds(body, { threadId: 'thread-from-request', runId: 'run-from-request' });
    const got = events(out);
    expect(got.map((e) => [e['type'], e['threadId'], e['runId']])).toEqual([
      [EventType.RUN_STARTED, 'thread-from-request', 'run-from-request'],
      [EventType.TEXT_MESSAGE_CONTENT, undefined, undefined],
      [EventType.RUN_FINISHED, 'thread-from-request', 'run-from-request'],
    ]);
    expect(got[1]!['delta']).toBe('threadId t-old');
  });

  it('keeps a cut-off tail and returns the body itself when the request named no ids', () => {
    const cut = concatBytes([body, new Uint8Array([0, 0, 0, 9, 1])]);
    const out = protoWithRequestIds(cut, { runId: 'r-new' });
    expect(Array.from(out.subarray(out.length - 5))).toEqual([0, 0, 0, 9, 1]);
    expect(protoWithRequestIds(body, {})).toBe(body);
  });
});
