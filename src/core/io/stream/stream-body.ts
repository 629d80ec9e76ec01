// An SSE or AG-UI protobuf body file fed to an inspector piece by piece as it is read:
// the same stream, notes and verdicts as loadBodyBytes + feedCaptures, without holding
// the file.
import type { Inspector } from '../../inspector.js';
import { bodyOpenInfo, namedEventsNote } from '../raw-body.js';
import { appendInPieces } from './feed-pieces.js';
import { createNamedEventScan } from './named-events.js';

export interface BodyFeed {
  readonly notes: readonly string[];
  /** Whole file strictly UTF-8 (SSE only; the invalid bytes are findings at their events). */
  readonly utf8: boolean;
}

export async function feedBody(
  inspector: Inspector,
  name: string,
  format: 'sse' | 'proto',
  pieces: AsyncIterable<Uint8Array>,
): Promise<BodyFeed> {
  const open = bodyOpenInfo(name, format);
  const id = open.streamId;
  inspector.openStream(open);
  const sse = format === 'sse';
  const strict = new TextDecoder('utf-8', { fatal: true });
  const names = createNamedEventScan();
  let utf8 = sse;
  for await (const piece of pieces) {
    if (utf8) {
      try {
        names.push(strict.decode(piece, { stream: true }));
      } catch {
        utf8 = false;
      }
    }
    appendInPieces(inspector, id, piece, 0);
  }
  if (utf8) {
    try {
      names.push(strict.decode());
    } catch {
      utf8 = false;
    }
  }
  inspector.endStream(id, { reason: 'complete', t: 0 });
  // As loadBodyBytes: the note needs the text, which a body that is not UTF-8 has not.
  const note = utf8 ? namedEventsNote(name, names.names()) : undefined;
  return { notes: note === undefined ? [] : [note], utf8 };
}
