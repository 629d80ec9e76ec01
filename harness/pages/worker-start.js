/* global window, Worker */
// Started by the test (window.startWorker()), so the panel is watching when it runs.
window.startWorker = () => new Worker('/pages/worker-sse.js');
