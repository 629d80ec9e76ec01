// Why a run that did not finish stopped (page navigated, tab closed, the capture cap, a
// replay ended from the panel): the core's words, shared with the CLI's `print`.
export { runEndNote } from '../core-deps.js';
