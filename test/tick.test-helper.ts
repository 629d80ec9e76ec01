// The one way unit tests let queued work run: `turns` macrotasks, each of which also drains
// the microtasks before it. A Blob read or a MessageChannel hop takes a turn or two; five
// covers the longest chain the relay and tap tests wait for.
//
// Only for "let what is already queued happen, then look". To wait for something that
// should happen use `expect.poll` / `vi.waitFor`; to check that something does NOT happen
// over time use fake timers (`vi.useFakeTimers()`, `vi.advanceTimersByTimeAsync`), never
// a short real wait, which passes whether or not the check would have caught anything.
export async function tick(turns = 1): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
