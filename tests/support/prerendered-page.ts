/**
 * The pieces of a page as Next 16 prerenders it (abridged), for the tests of the build steps that
 * rewrite it (scripts/build): each test builds its page from them and checks the ones it keeps.
 */
export const PRERENDERED = {
  head: '<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>',
  stylesheet: '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  /** The bootstrap chunk, preloaded in <head> and loaded again at the end of <body>. */
  bootPreload:
    '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>',
  polyfill: '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  /** The first inline script of the RSC payload. */
  rscPayload: "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
} as const;

/** A runtime chunk's tag, as Next writes it: an async script. */
export const chunkScript = (name: string) =>
  `<script src="/_next/static/chunks/${name}.js" async=""></script>`;
