// A run caption's place and form: clear of the run's finding markers, nearest the run's
// start, as telling as room allows.
import { describe, expect, it } from 'vitest';
import { captionBox, CAPTION_BOLD, placeCaption } from './run-caption.js';

// One regular-weight px per character: a text's bold box is 1.15 px a character.
const width = (t: string): number => t.length;
const boxOf = (p: { text: string; left: number }, track: number) => captionBox(p.left, track, width(p.text));
const clear = (box: [number, number], markers: number[]) => markers.every((x) => x + 4 <= box[0] || x - 4 >= box[1]);

const LONG = '#3 · 14:02:11 · run r-1 — success, 2.1 s'.padEnd(60, '.');
const SHORT = '#3 · run r-1 — success, 2.1 s';
const BARE = '#3 · run r-1';

describe('placeCaption', () => {
  it('keeps the longest telling form at the run start when no marker is in its way', () => {
    expect(placeCaption([[LONG, SHORT], [BARE], ['#3']], width, [300], 10, 400)).toEqual({ text: LONG, left: 10 });
  });

  it('takes a shorter telling form at the start before moving away from it', () => {
    const markers = [10 + Math.ceil(SHORT.length * CAPTION_BOLD) + 10];
    const got = placeCaption([[LONG, SHORT], [BARE], ['#3']], width, markers, 10, 400);
    expect(got).toEqual({ text: SHORT, left: 10 });
  });

  it('moves past a marker at the start, and to the first gap wide enough after others', () => {
    // Markers at 12 and 30: nothing telling fits between them; after 30 it does.
    const got = placeCaption([[SHORT], [BARE], ['#3']], width, [12, 30], 10, 400);
    expect(got).toEqual({ text: SHORT, left: 36 });
    expect(clear(boxOf(got!, 400), [12, 30])).toBe(true);
  });

  it('falls to the run number alone in a crowded narrow track, and to nothing when no gap holds even that', () => {
    const markers = [20, 40, 60, 80, 100];
    const got = placeCaption([[SHORT], [BARE], ['#3']], width, markers, 10, 110);
    expect(got?.text).toBe('#3');
    expect(clear(boxOf(got!, 110), markers)).toBe(true);
    expect(placeCaption([['#3']], width, [8, 14, 20], 6, 24)).toBeUndefined();
  });
});
