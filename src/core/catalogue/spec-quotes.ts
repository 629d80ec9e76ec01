// Spec sentences that more than one rule family quotes as its `specText`: each stands here
// once, so the families cannot drift apart on what the spec says.

/** The processing model on material a consumer does not recognise. */
export const UNRECOGNISED_TEXT =
  'Unrecognised material (event types, properties, union members) MUST NOT abort the run. It is dropped or stripped with a warning.';

/** verifyEvents at RUN_FINISHED, for every kind of open entity. */
export const OPEN_AT_RUN_END_TEXT = 'RUN_FINISHED fails while any step, text message or tool call is open.';

/** Tools › Events on a call's arguments before it closes. */
export const ARGS_BEFORE_END_TEXT =
  'A consumer MUST NOT act on the arguments before TOOL_CALL_END: until the call closes, the text is a prefix of whatever the producer is sending, not the thing itself.';
