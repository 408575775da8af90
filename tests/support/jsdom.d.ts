// jsdom ships no types; the fuzzer (form-fuzz.ts) reads pages with its window and the DOM's own types.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
