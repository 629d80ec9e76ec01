// A language model for tests that reads its prompt the way the probe's default script
// expects a real model to: it calls a tool the user names, edits the application state it
// is shown, recalls an earlier turn, counts when asked (one token at a time, stopping when
// the caller aborts, as a provider's fetch does), and otherwise says one sentence. It is
// the AI SDK's own MockLanguageModelV3, so a framework adapter runs it as any provider.
import { MockLanguageModelV3 } from 'ai/test';

type DoStream = MockLanguageModelV3['doStream'];
type CallOptions = Parameters<DoStream>[0];
type Part = Awaited<ReturnType<DoStream>>['stream'] extends ReadableStream<infer P> ? P : never;
type PromptMessage = CallOptions['prompt'][number];

/** Time between two counted tokens: slow enough that a probe can cancel mid-stream. */
const TOKEN_INTERVAL_MS = 5;
/** A count stops after this many tokens until its caller aborts or the test releases it. */
const HELD_AFTER = 10;

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

function textOf(m: PromptMessage | undefined): string {
  if (m === undefined) return '';
  if (typeof m.content === 'string') return m.content;
  return m.content.map((p) => ('text' in p && typeof p.text === 'string' ? p.text : '')).join('');
}

function textParts(id: string, text: string): Part[] {
  const words = text.split(/(?<= )/);
  return [
    { type: 'text-start', id },
    ...words.map((delta): Part => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
  ];
}

function toolCall(id: string, toolName: string, input: unknown): Part[] {
  const json = JSON.stringify(input);
  return [
    { type: 'tool-input-start', id, toolName },
    { type: 'tool-input-delta', id, delta: json },
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName, input: json },
  ];
}

/** The application state the adapter put in the system prompt, if any. */
function stateInPrompt(prompt: CallOptions['prompt']): Record<string, unknown> | undefined {
  const system = prompt.find((m) => m.role === 'system');
  const json = /```json\n([\s\S]*?)\n```/.exec(textOf(system))?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
}

/** JSON Patch operations doing what "add X to the items and increment the counter" asks. */
function stateEdit(state: Record<string, unknown>, item: string): { op: string; path: string; value: unknown }[] {
  const ops: { op: string; path: string; value: unknown }[] = [];
  const walk = (value: unknown, path: string): void => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'items' && Array.isArray(v)) ops.push({ op: 'add', path: `${path}/items/-`, value: item });
      else if (key === 'counter' && typeof v === 'number')
        ops.push({ op: 'replace', path: `${path}/counter`, value: v + 1 });
      else walk(v, `${path}/${key}`);
    }
  };
  walk(state, '');
  return ops;
}

/** Arguments the model gives a tool by name, as a model that knows the tool's schema would. */
export type ToolInputs = Readonly<Record<string, unknown>>;

/** What the model answers, as stream parts, and whether it stops to let a tool run. */
function answer(
  o: CallOptions,
  id: string,
  inputs: ToolInputs,
): { parts: Part[]; finish: 'stop' | 'tool-calls'; paced: boolean } {
  const last = o.prompt[o.prompt.length - 1];
  if (last?.role === 'tool')
    return { parts: textParts(id, 'Thanks, that is confirmed.'), finish: 'stop', paced: false };
  const users = o.prompt.filter((m) => m.role === 'user').map(textOf);
  const said = users[users.length - 1] ?? '';
  const named = (o.tools ?? []).find((t) => t.type === 'function' && said.includes(t.name));
  if (named !== undefined)
    return {
      parts: toolCall(id, named.name, inputs[named.name] ?? { question: said }),
      finish: 'tool-calls',
      paced: false,
    };
  const state = stateInPrompt(o.prompt);
  const item = /Add "([^"]+)"/.exec(said)?.[1];
  if (state !== undefined && item !== undefined && (o.tools ?? []).some((t) => t.name === 'AGUISendStateDelta')) {
    return {
      parts: toolCall(id, 'AGUISendStateDelta', { delta: stateEdit(state, item) }),
      finish: 'tool-calls',
      paced: false,
    };
  }
  const count = /Count from 1 to (\d+)/.exec(said)?.[1];
  if (count !== undefined) {
    const lines = Array.from({ length: Number(count) }, (_, i) => `${i + 1}\n`);
    return {
      parts: [
        { type: 'text-start', id },
        ...lines.map((delta): Part => ({ type: 'text-delta', id, delta })),
        { type: 'text-end', id },
      ],
      finish: 'stop',
      paced: true,
    };
  }
  if (said.startsWith('Which word')) {
    const word = users.map((u) => /Remember the word "([^"]+)"/.exec(u)?.[1]).find((w) => w !== undefined);
    return { parts: textParts(id, `You asked me to remember "${word ?? 'nothing'}".`), finish: 'stop', paced: false };
  }
  return { parts: textParts(id, 'Hello from the mock model.'), finish: 'stop', paced: false };
}

/** What became of one call whose answer is paced (a count): how far it got, and why it ended. */
export interface PacedCall {
  streamed: number;
  readonly total: number;
  end: 'open' | 'finished' | 'aborted' | 'cancelled';
}

function streamOf(
  parts: Part[],
  finish: 'stop' | 'tool-calls',
  paced: PacedCall | undefined,
  held: Promise<void>,
  signal?: AbortSignal,
): ReadableStream<Part> {
  const all: Part[] = [
    { type: 'stream-start', warnings: [] },
    ...parts,
    { type: 'finish', finishReason: { unified: finish, raw: finish }, usage: USAGE },
  ];
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Part>({
    start(controller) {
      signal?.addEventListener(
        'abort',
        () => {
          if (paced?.end !== 'open') return;
          paced.end = 'aborted';
          clearTimeout(timer);
          controller.error(signal.reason);
        },
        { once: true },
      );
    },
    pull(controller) {
      if (paced?.end === 'aborted') return;
      const part = all[next++];
      if (part === undefined) {
        if (paced !== undefined) paced.end = 'finished';
        controller.close();
        return;
      }
      if (paced === undefined || part.type !== 'text-delta') {
        controller.enqueue(part);
        return;
      }
      const wait =
        paced.streamed === HELD_AFTER
          ? held
          : new Promise<void>((resolve) => (timer = setTimeout(resolve, TOKEN_INTERVAL_MS)));
      return wait.then(() => {
        if (paced.end !== 'open') return;
        paced.streamed++;
        controller.enqueue(part);
      });
    },
    cancel() {
      clearTimeout(timer);
      if (paced?.end === 'open') paced.end = 'cancelled';
    },
  });
}

export interface MockModel {
  readonly model: MockLanguageModelV3;
  /** The calls whose answer was paced (counts), oldest first. */
  readonly paced: readonly PacedCall[];
  /** Lets held counts run to their end. */
  release(): void;
}

/**
 * A count is held after a few tokens, so what a server does with it after its client
 * left (abort the model, or let it run) does not depend on how fast the machine is.
 */
export function createMockModel(inputs: ToolInputs = {}): MockModel {
  let calls = 0;
  const paced: PacedCall[] = [];
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const model = new MockLanguageModelV3({
    provider: 'probe-test',
    modelId: 'scripted',
    doStream: async (o) => {
      const a = answer(o, `mock-${++calls}`, inputs);
      const call: PacedCall | undefined = a.paced ? { streamed: 0, total: a.parts.length - 2, end: 'open' } : undefined;
      if (call !== undefined) paced.push(call);
      return { stream: streamOf(a.parts, a.finish, call, held, o.abortSignal) };
    },
  });
  return { model, paced, release: () => release() };
}
