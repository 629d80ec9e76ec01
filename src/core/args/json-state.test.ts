import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsonScan, jsonStateOf, jsonStateOfText, scanJson } from './json-state.js';

function scanInPieces(text: string, cuts: readonly number[]) {
  const s = createJsonScan();
  let at = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    scanJson(s, text.slice(at, c));
    at = Math.max(at, c);
  }
  scanJson(s, text.slice(at));
  return jsonStateOf(s, true);
}

describe('json state', () => {
  it.each([
    ['', { state: 'empty' }],
    ['  \n', { state: 'empty' }],
    ['{}', { state: 'valid' }],
    [' {"a":[1,-2.5e+3,true,null,"x\\u00e9\\n"]} ', { state: 'valid' }],
    ['0', { state: 'valid' }],
    ['{}{}', { state: 'concatenated', count: 2 }],
    ['{"a":1} {"b":2}\n[3]', { state: 'concatenated', count: 3 }],
    ['1 2', { state: 'concatenated', count: 2 }],
    ['{"a":', { state: 'invalid', position: 5, message: 'unexpected end of text' }],
    ['{"a" 1}', { state: 'invalid', position: 5, message: "unexpected '1', expected ':'" }],
    ['{a:1}', { state: 'invalid', position: 1, message: "unexpected 'a', expected a property name or '}'" }],
    ['[1,]', { state: 'invalid', position: 3, message: "unexpected ']', expected a value" }],
    ['01', { state: 'invalid', position: 1, message: 'leading zero in a number' }],
    ['[01]', { state: 'invalid', position: 2, message: 'leading zero in a number' }],
    ['tru', { state: 'invalid', position: 3, message: 'unexpected end of text' }],
    ['"a\tb"', { state: 'invalid', position: 2, message: 'control character U+0009 inside a string' }],
    ['"\\x"', { state: 'invalid', position: 2, message: 'invalid escape \\x' }],
    ['{}}', { state: 'invalid', position: 2, message: "unexpected '}', expected a value" }],
    ['-', { state: 'invalid', position: 1, message: 'unexpected end of text' }],
  ])('%j → %j', (text, expected) => {
    expect(jsonStateOfText(text)).toEqual(expected);
  });

  it('is incomplete while the call is open, whatever the text', () => {
    const s = createJsonScan();
    scanJson(s, '{}');
    expect(jsonStateOf(s, false)).toEqual({ state: 'incomplete' });
  });

  it('agrees with JSON.parse on arbitrary JSON-ish text, however the text is split', () => {
    const alphabet = fc.constantFrom(...'{}[]:,"\\ 0123456789-+.eEtrufalsn\n\tuAb'.split(''));
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')),
        fc.array(fc.nat(40)),
        (text, cuts) => {
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          const state = scanInPieces(text, cuts);
          expect(state.state === 'valid').toBe(parses);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('accepts every serialized JSON value split anywhere, and counts concatenations', () => {
    fc.assert(
      fc.property(fc.array(fc.json(), { minLength: 1, maxLength: 3 }), fc.array(fc.nat(200)), (docs, cuts) => {
        const text = docs.join(' ');
        const state = scanInPieces(text, cuts);
        expect(state).toEqual(docs.length === 1 ? { state: 'valid' } : { state: 'concatenated', count: docs.length });
      }),
      { numRuns: 500 },
    );
  });
});
