/*
 * 读屏 — reading aloud with the browser's own speech synthesis (Web Speech API), in Mandarin.
 * Nothing leaves the browser: no third-party speech service. Long texts are spoken in pieces
 * (browsers cut one long utterance short), one after another.
 */

/** The language every utterance is spoken in. */
export const READ_ALOUD_LANG = 'zh-CN';

/** The longest piece handed to one utterance. */
const PIECE_CHARS = 180;

/** Whether this browser can speak at all. */
export function canReadAloud(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance === 'function';
}

/** Whitespace collapsed, blank lines dropped: the text as it is read. */
export function speakableText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Splits a text into pieces of at most PIECE_CHARS, at line and sentence ends where it can. */
export function splitForSpeech(text: string, max = PIECE_CHARS): string[] {
  const sentences = speakableText(text).match(/[^。！？!?；;\n]+[。！？!?；;]*\n?|\n/g) ?? [];
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) pieces.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (current.length + sentence.length > max) flush();
    if (sentence.length > max) {
      for (let start = 0; start < sentence.length; start += max) pieces.push(sentence.slice(start, start + max).trim());
      continue;
    }
    current += sentence;
  }
  flush();
  return pieces.filter(Boolean);
}

/** What assistive technology skips, and 读屏 with it. */
const HIDDEN = '[aria-hidden="true"], [hidden]';

/** The line an element's text starts and ends on, as a browser lays it out (innerText's rule). */
function separatorOf(element: Element): string {
  const display = getComputedStyle(element).display;
  if (display.startsWith('inline') || display === 'contents') return '';
  return display === 'table-cell' ? '\t' : '\n';
}

/**
 * The text of an element as it is read: the text shown (innerText, where the browser has it),
 * without what is hidden from assistive technology. antd's table repeats every column title in a
 * hidden measuring row (aria-hidden) of its body, decorative separators and icons are marked the
 * same way: a screen reader skips them, and so does 读屏, which otherwise read each title twice.
 * Only the branches holding such a part are walked by hand; the rest is the browser's own text.
 */
export function readableText(element: Element): string {
  if (!element.querySelector(HIDDEN)) {
    return (element instanceof HTMLElement ? element.innerText : undefined) || element.textContent || '';
  }
  // A hidden box's own words are not shown (its children may be: they say so themselves).
  const shown = getComputedStyle(element).visibility === 'visible';
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE && shown) text += node.textContent ?? '';
    if (!(node instanceof Element) || node.matches(HIDDEN) || getComputedStyle(node).display === 'none') continue;
    const separator = separatorOf(node);
    text += separator + readableText(node) + separator;
  }
  return text;
}

/**
 * What 读屏 reads: the text the user has selected, or else the page's main content (the
 * <main> landmark; the whole page where there is none) as readableText gives it.
 */
export function textToRead(selection: string | null | undefined, root: ParentNode = document): string {
  const selected = speakableText(selection ?? '');
  if (selected) return selected;
  return speakableText(readableText(root.querySelector('main') ?? document.body));
}

export type ReadAloudState = 'idle' | 'speaking' | 'paused';

/**
 * Speaks a text piece by piece; onState reports speaking, paused and (at the end, or on stop)
 * idle. One reader speaks at a time: speaking again stops what was being read.
 */
export class ReadAloud {
  private generation = 0;
  private state: ReadAloudState = 'idle';

  constructor(private readonly onState: (state: ReadAloudState) => void) {}

  private set(state: ReadAloudState) {
    this.state = state;
    this.onState(state);
  }

  speak(text: string): boolean {
    const pieces = splitForSpeech(text);
    if (!canReadAloud() || pieces.length === 0) return false;
    const synth = window.speechSynthesis;
    const generation = ++this.generation;
    synth.cancel();
    pieces.forEach((piece, index) => {
      const utterance = new SpeechSynthesisUtterance(piece);
      utterance.lang = READ_ALOUD_LANG;
      if (index === pieces.length - 1) {
        utterance.onend = () => {
          if (generation === this.generation) this.set('idle');
        };
      }
      utterance.onerror = () => {
        if (generation === this.generation) this.stop();
      };
      synth.speak(utterance);
    });
    this.set('speaking');
    return true;
  }

  pause() {
    if (this.state !== 'speaking') return;
    window.speechSynthesis.pause();
    this.set('paused');
  }

  resume() {
    if (this.state !== 'paused') return;
    window.speechSynthesis.resume();
    this.set('speaking');
  }

  stop() {
    this.generation += 1;
    if (canReadAloud()) window.speechSynthesis.cancel();
    if (this.state !== 'idle') this.set('idle');
  }
}
