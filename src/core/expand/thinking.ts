// The retired 0.x THINKING_* events, translated as the client's always-on compatibility
// boundary does before chunk expansion and verification: THINKING_START opens a reasoning
// span and THINKING_TEXT_MESSAGE_START a reasoning message, each under an id the client
// mints (it has none from the producer); CONTENT / END continue the one open, and with none
// open the client mints a fresh id that verification then rejects as naming nothing opened.
// The client mints random UUIDs; we mint `thinking-<wire index>` so a replay reads the same.

type Payload = Readonly<Record<string, unknown>>;

/** What the boundary holds per stream: the span and the message it is translating. */
export interface ThinkingIds {
  span: string | undefined;
  message: string | undefined;
}

export function newThinkingIds(): ThinkingIds {
  return { span: undefined, message: undefined };
}

const RETIRED: ReadonlySet<string> = new Set([
  'THINKING_START',
  'THINKING_END',
  'THINKING_TEXT_MESSAGE_START',
  'THINKING_TEXT_MESSAGE_CONTENT',
  'THINKING_TEXT_MESSAGE_END',
]);

export function isRetiredThinking(type: string): boolean {
  return RETIRED.has(type);
}

const minted = (index: number): string => `thinking-${index}`;

/** The REASONING_* event the client makes of a THINKING_* one (and the ids it now holds). */
export function translateThinking(
  ids: ThinkingIds,
  type: string,
  payload: Payload,
  index: number,
): { readonly type: string; readonly payload: Payload } {
  switch (type) {
    case 'THINKING_START': {
      ids.span = minted(index);
      // REASONING_START has no title: the client drops it (and warns).
      const { title: _title, ...rest } = payload;
      return { type: 'REASONING_START', payload: { ...rest, type: 'REASONING_START', messageId: ids.span } };
    }
    case 'THINKING_TEXT_MESSAGE_START':
      ids.message = minted(index);
      return {
        type: 'REASONING_MESSAGE_START',
        payload: { ...payload, type: 'REASONING_MESSAGE_START', messageId: ids.message, role: 'reasoning' },
      };
    case 'THINKING_TEXT_MESSAGE_CONTENT':
      return {
        type: 'REASONING_MESSAGE_CONTENT',
        payload: { ...payload, type: 'REASONING_MESSAGE_CONTENT', messageId: ids.message ?? minted(index) },
      };
    case 'THINKING_TEXT_MESSAGE_END': {
      const messageId = ids.message ?? minted(index);
      ids.message = undefined;
      return { type: 'REASONING_MESSAGE_END', payload: { ...payload, type: 'REASONING_MESSAGE_END', messageId } };
    }
    default: {
      const messageId = ids.span ?? minted(index);
      ids.span = undefined;
      return { type: 'REASONING_END', payload: { ...payload, type: 'REASONING_END', messageId } };
    }
  }
}
