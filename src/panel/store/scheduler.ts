// When batched work runs. The panel applies captured messages once per animation frame;
// tests inject a manual scheduler and flush synchronously instead of waiting for frames.

export interface FrameScheduler {
  /** Run `task` before the next paint (at most once per request). */
  request(task: () => void): void;
  /**
   * Run `task` again soon: once between two frames as a task of its own (after input and
   * the frame just drawn), else at the next frame. A backlog's slices then take two turns a
   * frame, and rendering still gets every frame.
   */
  continueSoon(task: () => void): void;
}

export function createRafScheduler(): FrameScheduler {
  let pending = false;
  /** One slice between two frames: back-to-back tasks would starve rendering (a frame a second). */
  let sliceSinceFrame = false;
  const tasks = new Set<() => void>();
  const frame = (): void => {
    pending = false;
    sliceSinceFrame = false;
    const run = [...tasks];
    tasks.clear();
    for (const task of run) task();
  };
  const request = (task: () => void): void => {
    tasks.add(task);
    if (pending) return;
    pending = true;
    requestAnimationFrame(frame);
  };
  // A message is a task of its own (setTimeout clamps nested calls to 4 ms and more).
  const channel = typeof MessageChannel === 'undefined' ? undefined : new MessageChannel();
  let next: (() => void) | undefined;
  if (channel)
    channel.port1.onmessage = () => {
      const task = next;
      next = undefined;
      task?.();
    };
  return {
    request,
    continueSoon(task) {
      if (sliceSinceFrame || !channel) return request(task);
      if (next) return;
      sliceSinceFrame = true;
      next = task;
      channel.port2.postMessage(null);
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
