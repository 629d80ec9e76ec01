// The least any receive path that keeps each event can do: decode the body as text,
// split frames at blank lines, JSON.parse each data line and keep the value. No byte
// spans, field checks, chunk expansion, model or rules. bench/run.ts times it beside
// the reference client so the throughput goal can be read against what parsing alone
// costs on the same machine (`retain` false: parse and drop, as the reference does).
export function parseFloor(bytes: Uint8Array, piece: number, retain: boolean): number {
  const decoder = new TextDecoder();
  const kept: unknown[] = [];
  let buffer = '';
  let count = 0;
  for (let i = 0; i < bytes.length; i += piece) {
    buffer += decoder.decode(bytes.subarray(i, i + piece), { stream: true });
    let from = 0;
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n', from)) {
      // The generated session writes exactly "data: " + JSON per frame.
      const value: unknown = JSON.parse(buffer.slice(from + 'data: '.length, end));
      count++;
      if (retain) kept.push(value);
      from = end + 2;
    }
    buffer = buffer.slice(from);
  }
  return retain ? kept.length : count;
}
