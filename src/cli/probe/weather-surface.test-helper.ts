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
