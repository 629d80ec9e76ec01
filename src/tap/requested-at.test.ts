// The tap notes when the page sent a run request, so the panel can show time to headers.
import { afterEach, describe, expect, it } from 'vitest';
import { installTap } from './install-tap.js';
import { collector, fakeWindow, responseWith, scriptedBody } from './fake-window.test-helper.js';

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

/** A Date whose `now` the test moves. */
function clockedDate(): { Date: DateConstructor; set: (t: number) => void } {
  let now = 1_000;
  class ClockedDate extends Date {
    static override now(): number {
      return now;
    }
  }
  return { Date: ClockedDate as unknown as DateConstructor, set: (t) => void (now = t) };
}

describe('request time', () => {
  it('a fetch stream opens with the time its request was sent, before its head', async () => {
    const clock = clockedDate();
    const win = fakeWindow({ Date: clock.Date });
    const c = collector();
    undo = installTap(win, c.emit);
    const body = scriptedBody();
    let answer: (r: Response) => void = () => undefined;
    win.respond = () => new Promise<Response>((resolve) => (answer = resolve));
    clock.set(5_000);
    const pending = win.fetch('/run', { method: 'POST', body: '{}', headers: { Accept: 'text/event-stream' } });
    clock.set(5_340);
    answer(responseWith(body.stream, { headers: { 'content-type': 'text/event-stream' } }));
    await pending;
    const open = c.msgs.find((m) => m.kind === 'stream-open');
    expect(open).toMatchObject({ kind: 'stream-open', t: 5_340, requestedAt: 5_000 });
    body.close();
  });
});
