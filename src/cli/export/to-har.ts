// `export --as har`: recorded runs as a HAR 1.2 log, written by src/core/io/har-write.ts
// (shared with the panel and the Playwright fixture).
export { absoluteUrl, methodOf, toHar } from '../core-deps.js';
