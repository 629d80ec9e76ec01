import { describe, expect, it } from 'vitest';
import { createRafScheduler, type SchedulerHost } from './scheduler.js';

/** Frames and channel messages that the test delivers by hand, in the order it chooses. */
function fakeHost() {
  const frames: (() => void)[] = [];
  const posted: (() => void)[] = [];
  class FakeChannel {
    readonly port1: { onmessage: (() => void) | null } = { onmessage: null };
    readonly port2 = { postMessage: () => void posted.push(() => this.port1.onmessage?.()) };
  }
  const host: SchedulerHost = {
    requestAnimationFrame: (cb) => frames.push(cb),
    MessageChannel: FakeChannel as unknown as typeof MessageChannel,
  };
  const runFrame = (): void => frames.shift()?.();
  const runMessage = (): void => posted.shift()?.();
  return { host, frames, posted, runFrame, runMessage };
}

describe('frame scheduler', () => {
  it('runs a requested task once at the next frame, however often it was requested', () => {
    const { host, frames, runFrame } = fakeHost();
    const s = createRafScheduler(host);
    let runs = 0;
    const task = (): void => void runs++;
    s.request(task);
    s.request(task);
    expect(frames.length).toBe(1);
    expect(runs).toBe(0);
    runFrame();
    expect(runs).toBe(1);
  });

  it('runs slices back to back as tasks of their own, with no frame between them', () => {
    const { host, frames, posted, runMessage } = fakeHost();
    const s = createRafScheduler(host);
    let left = 4;
    const slice = (): void => {
      if (--left > 0) s.continueSoon(slice);
    };
    s.continueSoon(slice);
    s.continueSoon(slice); // asked twice before it ran: one task
    expect(posted.length).toBe(1);
    let tasks = 0;
    while (posted.length > 0) {
      runMessage();
      tasks++;
    }
    // A backlog drains even when no frame comes (a panel the browser does not draw).
    expect(left).toBe(0);
    expect(tasks).toBe(4);
    expect(frames.length).toBe(0);
  });

  it('without a MessageChannel, goes on at the next frame', () => {
    const frames: (() => void)[] = [];
    const s = createRafScheduler({ requestAnimationFrame: (cb) => frames.push(cb) });
    let runs = 0;
    s.continueSoon(() => void runs++);
    expect(frames.length).toBe(1);
    frames.shift()?.();
    expect(runs).toBe(1);
  });
});
