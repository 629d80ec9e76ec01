// @ag-ui/client 1.0 tears a failed HTTP stream down with `reader.cancel().catch(e => {
// if (e?.name !== 'AbortError') throw e })`: after a network error the cancel rejects
// again and the rethrow becomes an unhandled rejection. The run has already failed and
// the app shows that error, so this one echo is swallowed and noted; anything else
// stays unhandled (and fails the e2e tests).
import { errorText, statusText } from './state.js';

export function installRejectionGuard(): void {
  window.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
    const reason: unknown = e.reason;
    if (!(reason instanceof TypeError) || !errorText.value || reason.message !== errorText.value) return;
    e.preventDefault();
    statusText.value = `${statusText.value} (The client also leaked an unhandled rejection when cancelling the failed stream.)`;
  });
}
