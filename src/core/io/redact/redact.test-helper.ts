// Shared by the redaction tests: lint a file through the whole core, and find what
// survived of a list of secrets, looking inside base64 bodies too.
import { decodeBase64 } from '../base64.js';
import { inspectBytes } from '../inspect-bytes.js';

/** `rule@stream#events` of every finding, in order: what must not move when data is masked. */
export function lintKeys(name: string, bytes: Uint8Array): string[] {
  const inspected = inspectBytes(name, bytes);
  if (!inspected.ok) throw new Error(inspected.error);
  const { model } = inspected;
  // Streams by position: a redacted export renumbers them.
  const order = new Map(model.streams.map((s, i) => [s.info.streamId, i]));
  return model.findings.map((f) => `${f.rule}@${order.get(f.streamId) ?? '?'}#${f.events.join(',')}`);
}

/** The text plus every base64 string in it decoded (bodies hide there). */
export function allText(text: string): string {
  const decoded: string[] = [];
  for (const m of text.matchAll(/"([A-Za-z0-9+/]{8,}={0,2})"/g))
    decoded.push(new TextDecoder().decode(decodeBase64(m[1]!) ?? new Uint8Array()));
  return `${text}\n${decoded.join('\n')}`;
}

export function survivors(text: string, secrets: readonly string[]): string[] {
  const all = allText(text);
  return secrets.filter((s) => all.includes(s));
}

// Content of the committed fixtures (user text, arguments, results) that must go.
export const CONTENT = [
  'Lisbon',
  'celsius',
  'Hotel Avenida',
  'Map shown',
  'refund policy',
  'ana@example.com',
  'tempC":21',
];
export const CREDENTIALS = [
  'HAR-QUERY-KEY-111',
  'HAR-BEARER-222',
  'HAR-COOKIE-333',
  'HAR-APIKEY-444',
  'HAR-SESSION-555',
  'HAR-REFERER-666',
  'HAR-SETCOOKIE-888',
  'HAR-SIGHDR-120',
  'HAR-USERINFO-202',
  'HAR-FRAG-303',
  'HAR-PROXY-121',
  'HAR-PASSWORD-505',
  'HAR-CODE-707',
  'HAR-SIG-808',
  'HAR-WSTOKEN-123',
  'HAR-INIT-101',
];
export const HAR_DATA = [
  'HAR-USERDATA-777',
  'HAR-STATE-116',
  'HAR-PROPS-117',
  'HAR-TITLE-118',
  'HAR-UA-119',
  'HAR-EMAIL-404',
  '123456789',
  'HAR-USER-606',
  'HAR-HTML-122',
  'HAR-WS-909',
  'HAR-ANSWER-999',
  'HAR-NAME-',
  'HAR-ID-112',
  '987654321',
  'HAR-STATUS-113',
  'HAR-CODE-114',
  'HAR-PATH-115',
];

/** A tool whose schema has a minimum: masked numbers (0) used to break it (issue 42). */
export const BOOKING_TOOLS = [
  {
    name: 'book_hotel',
    description: 'Books a hotel',
    parameters: {
      type: 'object',
      properties: { nights: { type: 'integer', minimum: 1 }, breakfast: { const: true } },
      required: ['nights'],
    },
  },
];
