// Browser entry for the HttpAgent bench/test page (bundled by bench/page.ts with vite):
// runs the real @ag-ui/client HttpAgent once and reports its time and event count.
import { HttpAgent } from '@ag-ui/client';

declare global {
  interface Window {
    runBenchAgent?: (url: string) => Promise<{ ms: number; events: number }>;
  }
}

window.runBenchAgent = async (url) => {
  const agent = new HttpAgent({ url, threadId: `t-${Math.random().toString(36).slice(2)}` });
  let events = 0;
  const t0 = performance.now();
  await agent.runAgent({ runId: `r-${Math.random().toString(36).slice(2)}` }, { onEvent: () => void events++ });
  return { ms: performance.now() - t0, events };
};
