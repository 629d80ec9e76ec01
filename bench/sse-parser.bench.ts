// Does eventsource-parser cost enough to justify our own field parser? The SSE decoder
// (src/core/framing/sse.ts) feeds it one whole frame per call; this times that against
// a minimal frame parser (data/event/id only, LF endings only: a lower bound on what
// any parser could cost) on the generated 100k-event session, frame by frame.
// Run: npx tsx bench/sse-parser.bench.ts. Verdict so far: the library is a small share
// of the decoder's time per event (JSON.parse dominates), so it stays.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { generateSession } from './session-gen.js';
import { cpuMs } from './cpu.js';

interface Msg {
  readonly data: string;
  readonly event?: string;
  readonly id?: string;
}

/** The floor: split lines, keep data/event/id, dispatch at the blank line. */
function minimalParse(frame: string): Msg | undefined {
  let data: string | undefined;
  let event: string | undefined;
  let id: string | undefined;
  let from = 0;
  for (let lf = frame.indexOf('\n'); lf !== -1 && lf !== from; lf = frame.indexOf('\n', from)) {
    const colon = frame.indexOf(':', from);
    const field = colon === -1 || colon > lf ? frame.slice(from, lf) : frame.slice(from, colon);
    const value =
      colon === -1 || colon > lf ? '' : frame.slice(frame.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1, lf);
    if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
    else if (field === 'event') event = value || undefined;
    else if (field === 'id' && !value.includes('\0')) id = value;
    from = lf + 1;
  }
  return data === undefined ? undefined : { data, event, id };
}

const text = new TextDecoder().decode(generateSession(100_000).bytes);
const frames = text.split(/(?<=\n\n)/);
let got: EventSourceMessage | undefined;
const parser = createParser({ onEvent: (m) => void (got = m) });
const library = (): number => {
  let n = 0;
  for (const f of frames) {
    parser.feed(f);
    n += got?.data.length ?? 0;
  }
  return n;
};
const minimal = (): number => {
  let n = 0;
  for (const f of frames) n += minimalParse(f)?.data.length ?? 0;
  return n;
};
if (library() !== minimal()) throw new Error('the two parsers disagree on the session');
const times: Record<string, number[]> = { 'eventsource-parser': [], minimal: [] };
for (let r = 0; r < 7; r++) {
  for (const [name, fn] of [
    ['eventsource-parser', library],
    ['minimal', minimal],
  ] as const) {
    const start = cpuMs();
    fn();
    times[name]?.push(cpuMs() - start);
  }
}
for (const [name, ms] of Object.entries(times)) {
  const m = [...ms].sort((a, b) => a - b)[3] ?? NaN;
  console.log(
    `${name.padEnd(20)} ${((m * 1000) / frames.length).toFixed(3)} µs/frame (${frames.length} frames, median of 7)`,
  );
}
