// The natives the tap's Blob path captures (./gather-deps.ts), faked for tests: a scheduler
// whose delayed tasks the test runs itself, and a document whose visibility it sets.
export function fakeGatherNatives(visibility: () => string = () => 'visible') {
  // A Map: a page's index setter on Array.prototype must not meet the test's own bookkeeping.
  const tasks = new Map<number, { fn: () => void; delay: unknown }>();
  class FakeScheduler {
    postTask(fn: () => void, opts: { delay?: unknown } = {}): Promise<void> {
      tasks.set(tasks.size, { fn, delay: opts.delay });
      return Promise.resolve();
    }
  }
  class FakeDocument {
    get visibilityState(): string {
      return visibility();
    }
  }
  const natives = {
    Uint8Array,
    Blob,
    ArrayBuffer,
    scheduler: new FakeScheduler(),
    Document: FakeDocument as unknown as typeof Document,
    document: new FakeDocument() as unknown as Document,
  };
  /** Runs the tasks posted so far. */
  const run = (): void => {
    const due = [...tasks.values()];
    tasks.clear();
    for (let i = 0; i < due.length; i++) due[i]?.fn(); // no Array iterator: a test may have trapped it
  };
  return { natives, tasks, run, FakeScheduler, FakeDocument };
}
