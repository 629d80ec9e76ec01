// `export --as playwright`: the recorded runs as a Playwright routing module, written by
// src/core/io/to-playwright.ts (shared with the fixture's agui.exportTest()).
export { toPlaywright } from '../core-deps.js';
