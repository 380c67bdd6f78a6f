import { flesch } from 'flesch';
import { syllable } from 'syllable';

/**
 * The elements whose text ends where they end: a paragraph, a list entry, a table cell, a heading, a caption.
 * Their text is a sentence of its own when it has no full stop (a list of technologies, a table row), as a
 * reader reads it; run together, a page of lists read as one sentence hundreds of words long.
 */
const BLOCKS =
  'p, li, td, th, h1, h2, h3, h4, h5, h6, dt, dd, figcaption, caption, blockquote, summary, label, button, a';

/** Reading figures of a page's text: its words, its sentences and, for English, its Flesch reading ease. */
export interface ReadingFigures {
  words: number;
  sentences: number;
  /** Flesch reading ease (can fall below 0 or rise above 100 for extreme text). */
  ease: number;
}

/** The text a visitor reads in `root`, in its blocks: hidden parts (screen-reader-only text included) left out. */
function visibleBlocks(root: Element): string[] {
  const blocks = new Map<Element, string[]>();
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, [hidden], [aria-hidden="true"], .visually-hidden')) continue;
    const block = parent.closest(BLOCKS) ?? parent;
    const parts = blocks.get(block) ?? [];
    parts.push(node.textContent ?? '');
    blocks.set(block, parts);
  }
  return [...blocks.values()].map((parts) => parts.join(' ').replace(/\s+/g, ' ').trim()).filter(Boolean);
}

const WORD = /[\p{L}\p{N}’'-]+/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;

export function readingFigures(root: Element): ReadingFigures {
  let words = 0;
  let sentences = 0;
  let syllables = 0;
  for (const block of visibleBlocks(root)) {
    const blockWords = block.match(WORD) ?? [];
    if (blockWords.length === 0) continue;
    words += blockWords.length;
    syllables += blockWords.reduce((sum, word) => sum + syllable(word), 0);
    sentences += Math.max(1, block.split(/[.!?]+(?:\s|$)/).filter((part) => HAS_WORD.test(part)).length);
  }
  return {
    words,
    sentences,
    ease: words === 0 ? 100 : flesch({ sentence: Math.max(1, sentences), word: words, syllable: syllables }),
  };
}
