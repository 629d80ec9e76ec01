// Replays loaded captures into an Inspector, exactly as the tap would have delivered them.
import type { Inspector } from '../inspector.js';
import type { Capture } from './types.js';

export function feedCaptures(inspector: Inspector, captures: readonly Capture[]): void {
  for (const capture of captures) {
    const id = capture.open.streamId;
    inspector.openStream(capture.open);
    for (const piece of capture.pieces) {
      switch (piece.kind) {
        case 'bytes':
          inspector.appendBytes(id, piece.data, piece.t);
          break;
        case 'message':
          inspector.appendMessage(id, piece.message, piece.t);
          break;
        case 'event':
          inspector.appendEvent(id, piece.event, piece.t);
          break;
      }
    }
    if (capture.end !== undefined) inspector.endStream(id, capture.end);
  }
}
