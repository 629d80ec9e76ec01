// Signs that a tool result's text is shaped like protocol material or like instructions.
// Result text is data from wherever the tool got it; these signs only mark it for the
// reader ("shown as untrusted data"), they never change how anything is processed.
import { EVENT_SCHEMA } from '../events/event-schema.js';
import { arr, asRec, str } from './payload.js';

// Every type of the catalogue, 0.x ones included.
const EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(EVENT_SCHEMA));

const SSE_DATA = /^data:[ \t]*[{[]/m;
const EVENT_TYPE_FIELD = /"type"\s*:\s*"([A-Z_]+)"/g;
const INSTRUCTIONS: readonly RegExp[] = [
  /\b(ignore|disregard|forget)\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier)\s+(instructions|messages|prompts?|rules)/i,
  /\byou\s+must\s+now\b/i,
  /\bsystem\s+prompt\b/i,
  /\bnew\s+instructions\s*:/i,
  /\byou\s+are\s+now\s+(a|an|in)\b/i,
];

/** The text a result carries: a string, or the text parts of a ContentPart[]. */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : (arr(asRec(content), 'parts') ?? []);
  return parts.map((part) => str(asRec(part), 'text') ?? '').join('\n');
}

export function protocolLikeSigns(content: unknown): string[] {
  const text = resultText(content);
  if (text === '') return [];
  const signs: string[] = [];
  if (SSE_DATA.test(text)) signs.push('SSE `data:` lines');
  for (const match of text.matchAll(EVENT_TYPE_FIELD)) {
    if (EVENT_TYPES.has(match[1] ?? '')) {
      signs.push(`AG-UI event JSON (type ${match[1]})`);
      break;
    }
  }
  const phrase = INSTRUCTIONS.map((re) => re.exec(text)?.[0]).find((m) => m !== undefined);
  if (phrase !== undefined) signs.push(`instruction-like text ${JSON.stringify(phrase)}`);
  return signs;
}
