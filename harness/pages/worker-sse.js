/* global EventSource */
// Inside a dedicated worker: an event stream the page tap (window-only) cannot see.
const es = new EventSource('/es');
es.addEventListener('done', () => es.close());
