// The SSE `event:` names a body uses (other than "message"), found piece by piece: the
// streaming form of namedEvents (raw-body.ts), same names in the same order.
const EVENT_LINE = /(?:^|[\r\n])event: ?([^\r\n]*)/g;
const LINE_END = /[\r\n][^\r\n]*$/;
// A line longer than this is not kept whole while waiting for its end; its name is cut.
const MAX_CARRY = 1 << 16;

export interface NamedEventScan {
  push(text: string): void;
  names(): string[];
}

export function createNamedEventScan(): NamedEventScan {
  const names = new Set<string>();
  let carry = '';
  const scan = (text: string): void => {
    for (const m of text.matchAll(EVENT_LINE)) if (m[1] !== 'message' && m[1] !== '') names.add(m[1]!);
  };
  return {
    push(text) {
      const all = carry + text;
      const cut = LINE_END.exec(all);
      if (cut === null) {
        carry = all.length > MAX_CARRY ? all.slice(0, MAX_CARRY) : all;
        return;
      }
      // Up to and including the last line break: whole lines only, so every match is whole.
      scan(all.slice(0, cut.index + 1));
      carry = all.slice(cut.index + 1);
    },
    names() {
      if (carry !== '') {
        scan(carry);
        carry = '';
      }
      return [...names];
    },
  };
}
