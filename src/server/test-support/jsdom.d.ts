/** The part of jsdom (a dev dependency: the staff app's component tests run in it) that server tests use to read HTML. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
