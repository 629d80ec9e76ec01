// When batched work runs. The panel starts applying captured messages at the next animation
// frame and goes on in short slices between frames; tests inject a manual scheduler and
// flush synchronously instead of waiting for frames.

export interface FrameScheduler {
  /** Run `task` before the next paint (at most once per request). */
  request(task: () => void): void;
  /**
   * Run `task` again soon, as a task of its own: not tied to frames. A backlog is applied in
   * short slices, one task each, and the browser runs a due frame (and input) between two
   * of them, so a frame waits at most one slice while the backlog drains at full speed,
   * even when frames are slowed or stopped (a panel not drawn).
   */
  continueSoon(task: () => void): void;
}

/** The browser APIs the frame scheduler uses (tests pass their own). */
export interface SchedulerHost {
  readonly requestAnimationFrame: (cb: () => void) => unknown;
  /** Undefined: no MessageChannel (then slices go on at the next frame). */
  readonly MessageChannel?: typeof MessageChannel;
}

export function createRafScheduler(
  host: SchedulerHost = {
    requestAnimationFrame: (cb) => requestAnimationFrame(cb),
    ...(typeof MessageChannel === 'undefined' ? {} : { MessageChannel }),
  },
): FrameScheduler {
  let pending = false;
  const tasks = new Set<() => void>();
  const frame = (): void => {
    pending = false;
    const run = [...tasks];
    tasks.clear();
    for (const task of run) task();
  };
  const request = (task: () => void): void => {
    tasks.add(task);
    if (pending) return;
    pending = true;
    host.requestAnimationFrame(frame);
  };
  // A message is a task of its own (setTimeout clamps nested calls to 4 ms and more). Slices
  // back to back do not starve frames: what once looked like it (a frame a second) was a
  // panel in a tab Chromium did not draw (bench/panel-flood.ts).
  const channel = host.MessageChannel ? new host.MessageChannel() : undefined;
  const next = new Set<() => void>();
  if (channel)
    channel.port1.onmessage = () => {
      const run = [...next];
      next.clear();
      for (const task of run) task();
    };
  return {
    request,
    continueSoon(task) {
      if (!channel) return request(task);
      if (next.size === 0) channel.port2.postMessage(null);
      next.add(task);
    },
  };
}

export interface ManualScheduler extends FrameScheduler {
  /** Run what was requested; returns whether anything ran. */
  flush(): boolean;
}

export function createManualScheduler(): ManualScheduler {
  let tasks: (() => void)[] = [];
  return {
    request(task) {
      if (!tasks.includes(task)) tasks.push(task);
    },
    continueSoon(task) {
      if (!tasks.includes(task)) tasks.push(task);
    },
    flush() {
      const run = tasks;
      tasks = [];
      for (const task of run) task();
      return run.length > 0;
    },
  };
}
