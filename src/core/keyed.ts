/**
 * A record as the core builds it: writable, and every key required, the optional ones as
 * `T | undefined`, so the compiler makes each literal name every key. (`keyof T & string`
 * is what makes the mapped type drop the `?` that a plain `keyof T` would keep.) Why every
 * key: rule 2 of docs/performance.md, "The core's performance rules".
 */
export type Keyed<T> = { -readonly [K in keyof T & string]: T[K] };
