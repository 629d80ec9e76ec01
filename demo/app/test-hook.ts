// A test hook for e2e and `npm start -- --headless`: the demo app is ours, so a global
// here is fine (unlike the tap, which must add none to the pages it inspects).
import { runScenario } from './run.js';
import { selected } from './state.js';

declare global {
  interface Window {
    runScenario?: typeof runScenario;
  }
}

export function installTestHook(): void {
  window.runScenario = (name) => {
    selected.value = name;
    return runScenario(name);
  };
}
