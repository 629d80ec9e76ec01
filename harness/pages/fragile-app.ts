// A deliberately fragile AG-UI app for the conformance runner's own test: it reads the run's
// SSE with fetch, knows one tool (get_weather) and throws, uncaught, on any other name, and
// on RUN_ERROR leaves its "Working…" spinner up with no word to the user. The runner must
// catch both. LATE_ERROR_APP is the same app but it shows an alert on RUN_ERROR, 600 ms
// late (as an app that animates it in, on a busy machine): the runner must wait for it.
const agentApp = (onRunError: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fragile agent app</title></head>
<body>
<button type="button" id="send">Send</button>
<p id="status"></p>
<div id="answer"></div>
<script>
const KNOWN = new Set(['get_weather']);
const status = document.getElementById('status');
const answer = document.getElementById('answer');
function handle(event) {
  if (event.type === 'TOOL_CALL_START' && !KNOWN.has(event.toolCallName))
    setTimeout(() => { throw new Error('unknown tool ' + event.toolCallName); });
  if (event.type === 'TEXT_MESSAGE_CONTENT') answer.textContent += event.delta;
  if (event.type === 'RUN_FINISHED') status.textContent = 'Done';
  ${onRunError}
}
document.getElementById('send').addEventListener('click', async () => {
  status.textContent = 'Working…';
  answer.textContent = '';
  const response = await fetch('/agent', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ threadId: 'fragile-thread', runId: 'fragile-' + Date.now(), messages: [], tools: [{ name: 'get_weather', description: 'Weather', parameters: {} }], state: {}, context: [], forwardedProps: {} }),
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\\n\\n')) >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      for (const line of frame.split('\\n')) if (line.startsWith('data: ')) handle(JSON.parse(line.slice(6)));
    }
  }
});
</script>
</body></html>
`;

export const FRAGILE_APP = agentApp('// RUN_ERROR: nothing. The spinner stays.');

export const LATE_ERROR_APP = agentApp(`if (event.type === 'RUN_ERROR')
    setTimeout(() => {
      const alert = document.createElement('p');
      alert.setAttribute('role', 'alert');
      alert.textContent = 'The agent failed.';
      document.body.append(alert);
    }, 600);`);
