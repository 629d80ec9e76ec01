// The worker-stream counter's permission, as the panel's context carries it: a leaf, so the
// context (and everything that reads it) never imports the component that offers it.

/**
 * The optional `webRequest` permission behind the worker-stream counter (granted, asked for
 * and given back through the browser; extension/panel.ts supplies it where the browser lets
 * an extension page ask).
 */
export interface WorkerCounterAccess {
  isOn(): Promise<boolean>;
  /** Shows the browser's permission prompt; resolves with whether it was granted. */
  turnOn(): Promise<boolean>;
  turnOff(): Promise<boolean>;
}
