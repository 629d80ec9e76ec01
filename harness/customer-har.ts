// A support engineer's input: a HAR recorded by a customer on another origin, holding one
// run whose body is what the demo agent streams for `scenario`. Replay tests load it into
// the panel and play it into the demo app on 127.0.0.1.

/** The demo agent's answer to one run request of `scenario`, as SSE text. */
async function demoRunBody(demoUrl: string, scenario: string): Promise<string> {
  const res = await fetch(`${demoUrl}/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({
      threadId: 'customer-thread',
      runId: 'customer-run',
      messages: [{ id: 'u', role: 'user', content: 'x' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: { scenario },
    }),
  });
  return res.text();
}

/** A HAR 1.2 document with one POST to `recordedUrl` answered by the demo's run of `scenario`. */
export async function customerHar(demoUrl: string, recordedUrl: string, scenario = 'backend-tool'): Promise<object> {
  const sse = await demoRunBody(demoUrl, scenario);
  return {
    log: {
      version: '1.2',
      creator: { name: 'customer', version: '1' },
      entries: [
        {
          startedDateTime: new Date().toISOString(),
          time: 10,
          request: {
            method: 'POST',
            url: recordedUrl,
            headers: [],
            postData: { mimeType: 'application/json', text: '{}' },
          },
          response: {
            status: 200,
            headers: [{ name: 'Content-Type', value: 'text/event-stream' }],
            content: { size: sse.length, mimeType: 'text/event-stream', text: sse },
          },
        },
      ],
    },
  };
}
