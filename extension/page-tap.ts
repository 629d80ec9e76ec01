// MAIN world, document_start, every frame: patch fetch/EventSource/XHR before any page
// script runs, and report over a private MessageChannel handed to the relay. Strict mode
// (for the whole bundle): a page's Error.prepareStackTrace gets no function or `this`
// of our frames from V8's CallSite objects.
'use strict';
import { installTap } from '../src/tap/install-tap.js';
import { createChannelEmitter } from '../src/tap/channel.js';

let replayControl: ((data: unknown) => void) | undefined;
try {
  const emit = createChannelEmitter(window, (data) => replayControl?.(data));
  installTap(window, emit, { onReplayControl: (fn) => (replayControl = fn), gathering: emit.gathering });
} catch {
  // the page must never see our failure
}
