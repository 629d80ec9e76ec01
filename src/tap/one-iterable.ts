// An iterable of one value whose iteration touches no page-replaceable built-in: the
// iterable, its iterator and each result have no prototype, so neither the page's
// Array.prototype[Symbol.iterator] nor a getter it put on Object.prototype is consulted.
// `bare` strips a prototype with a captured setPrototypeOf; `iterator` is the captured
// Symbol.iterator.
export function oneValueIterable<T>(value: unknown, bare: <O extends object>(o: O) => O, iterator: symbol): T {
  let done = false;
  const it = bare({
    next: () => {
      if (done) return bare({ value: undefined, done: true });
      done = true;
      return bare({ value, done: false });
    },
  });
  return bare({ [iterator]: () => it }) as unknown as T;
}
