// A real framework's AG-UI server for the probe's tests: CopilotKit's runtime (v2) serving
// its BuiltInAgent, which runs the AI SDK over a scripted mock model, on 127.0.0.1 port 0.
// This is the server a CopilotKit user deploys, with only the model replaced.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createMockModel, type MockModel, type ToolInputs } from './mock-model.test-helper.js';

export interface CopilotKitServer {
  /** The agent's AG-UI run endpoint. */
  readonly url: string;
  readonly mock: MockModel;
  close(): Promise<void>;
}

export interface CopilotKitServerOptions {
  /** The runtime's `a2ui` option (it installs @ag-ui/a2ui-middleware in front of the agent). */
  readonly a2ui?: { readonly injectA2UITool?: boolean };
  /** Arguments the mock model gives a tool the user names. */
  readonly toolInputs?: ToolInputs;
}

export async function startCopilotKitServer(options: CopilotKitServerOptions = {}): Promise<CopilotKitServer> {
  // The runtime reads these when it loads: no usage reports leave the machine.
  process.env['COPILOTKIT_TELEMETRY_DISABLED'] = 'true';
  process.env['DO_NOT_TRACK'] = '1';
  const { BuiltInAgent, CopilotRuntime } = await import('@copilotkit/runtime/v2');
  const { createCopilotNodeListener } = await import('@copilotkit/runtime/v2/node');
  const mock = createMockModel(options.toolInputs);
  const runtime = new CopilotRuntime({
    agents: { assistant: new BuiltInAgent({ model: mock.model }) },
    ...(options.a2ui ? { a2ui: options.a2ui } : {}),
  });
  const listener = createCopilotNodeListener({ runtime, basePath: '/api/copilotkit', activateChannels: false });
  const server: Server = createServer(listener);
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/api/copilotkit/agent/assistant/run`,
    mock,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
