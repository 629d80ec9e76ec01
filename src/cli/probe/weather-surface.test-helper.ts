// The arguments a model gives `render_a2ui` (the A2UI middleware's tool: a surface id, its
// components, its data) for a small weather card, correct against A2UI v0.9's basic catalogue.
export const WEATHER_SURFACE = {
  surfaceId: 'weather',
  components: [
    { id: 'root', component: 'Card', child: 'col' },
    { id: 'col', component: 'Column', children: ['title', 'temp'] },
    { id: 'title', component: 'Text', text: 'Weather in Paris', variant: 'h2' },
    { id: 'temp', component: 'Text', text: { path: '/weather/temperature' } },
  ],
  data: { weather: { temperature: '21 °C' } },
};

/**
 * The run a CopilotKit front end sends to have it drawn: one user turn naming the tool (the
 * mock model calls the tool the user names, with the arguments it was given).
 */
export const weatherRunInput = (threadId: string) => ({
  threadId,
  runId: 'run-1',
  state: {},
  messages: [{ id: 'u1', role: 'user', content: 'Use render_a2ui to show the weather in Paris' }],
  tools: [],
  context: [],
  forwardedProps: {},
});
