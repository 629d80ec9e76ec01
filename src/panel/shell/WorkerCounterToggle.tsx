import { useEffect, useState } from 'preact/hooks';
import { usePanel } from '../store-context.js';

export const WORKER_COUNTER_COST =
  "Counts event streams opened by the page's Web Workers, which the tap cannot read (their URL, " +
  'never their content). It needs the webRequest permission: while the extension holds it, Chrome ' +
  'routes every download of every page through a request proxy, inspected or not, about twice the ' +
  "browser process's CPU per 100 MB downloaded. Off by default; click again to turn it off.";

/** Capture health's offer to turn the worker-stream counter on (and off again). */
export function WorkerCounterToggle() {
  const { workerCounter } = usePanel();
  const [on, setOn] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    workerCounter?.isOn().then(
      (v) => live && setOn(v),
      () => live && setOn(false),
    );
    return () => void (live = false);
  }, [workerCounter]);
  if (!workerCounter || on === undefined) return null;
  const toggle = (): void => {
    // Asked from the click itself: the browser shows its prompt only within a user gesture.
    const change = on ? workerCounter.turnOff().then((gone) => !gone) : workerCounter.turnOn();
    change.then(setOn, () => undefined);
  };
  return (
    <button
      type="button"
      class="tb-btn tb-text"
      aria-pressed={on}
      aria-label={on ? 'Worker stream counter on' : 'Count worker streams'}
      aria-description={WORKER_COUNTER_COST}
      title={WORKER_COUNTER_COST}
      onClick={toggle}
    >
      {on ? 'Workers: counted' : 'Count workers…'}
    </button>
  );
}
