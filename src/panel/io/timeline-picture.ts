// A PNG of the timeline as it is on screen (html-to-image draws the element's DOM into a
// canvas). Undefined when there is nothing to draw or the browser cannot (no canvas).
import { toPng } from 'html-to-image';

const PREFIX = 'data:image/png;base64,';

export async function timelinePicture(doc: Document = document): Promise<string | undefined> {
  const el = doc.querySelector<HTMLElement>('.timeline');
  if (!el) return undefined;
  try {
    const url = await toPng(el, {
      pixelRatio: 1,
      cacheBust: false,
      skipFonts: true,
      // The library copies a textarea's value as HTML markup: none is ever drawn (the
      // timeline has none; the filter makes sure), so that path never sees page text.
      filter: (node) => !(node instanceof HTMLTextAreaElement),
    });
    return url.startsWith(PREFIX) && url.length > PREFIX.length ? url.slice(PREFIX.length) : undefined;
  } catch {
    return undefined;
  }
}
