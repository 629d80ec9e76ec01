// When batched work runs. The panel applies captured messages once per animation frame;
// tests inject a manual scheduler and flush synchronously instead of waiting for frames.

export interface FrameScheduler {
  /** Run `task` before the next paint (at most once per request). */
  request(task: () => void): void;
}

export function createRafScheduler(): FrameScheduler {
  let pending = false;
  return {
    request(task) {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        task();
      });
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
    flush() {
      const run = tasks;
      tasks = [];
      for (const task of run) task();
      return run.length > 0;
    },
  };
}
