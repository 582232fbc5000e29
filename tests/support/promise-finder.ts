/**
 * Finds the sentences in the seed that promise an action or a time, for the promises register
 * in docs/editors.md ("Which sentences are promises"). The pattern is written down there too:
 * change both together.
 */

/**
 * What the site says it does ("we send", "we will"), by when ("within", "{holdDays}"), for free, or
 * what the reader is handed ("you receive").
 */
export const PROMISE_PATTERN = new RegExp(
  [
    String.raw`\bwe(?: will| usually| only| then| now)? (?:send|pay|e-mail|text|check|erase|return|keep|delete|arrange|post|reply|answer|hold|value|offer|call|tell|test|carry|look|ask|set up)\b`,
    String.raw`\bwe will\b`,
    String.raw`\bwe are (?:posting|checking|testing)\b`,
    String.raw`\bwithin\b`,
    String.raw`\bsame (?:working )?day\b`,
    String.raw`\bworking days?\b`,
    String.raw`\b(?:\d+|two|a couple of) hours\b`,
    String.raw`\{\w*(?:Days|Hours)\}`,
    String.raw`\binsured\b`,
    String.raw`\bfree\b`,
    String.raw`\bguarantee`,
    String.raw`\bnever\b`,
    String.raw`\byou (?:will )?receive\b`,
  ].join('|'),
  'i',
)

/** Shorter than this is page furniture: a button, a heading, a label ("Send it free"). */
export const MIN_WORDS = 5

/** A text's sentences: split after `.`, `!` or `?` before a capital or a placeholder, and at line breaks. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z{“"‘(])|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

/** Whether a sentence promises an action or a time: the pattern, long enough, and not a question. */
export function isPromise(sentence: string): boolean {
  return PROMISE_PATTERN.test(sentence) && !sentence.endsWith('?') && sentence.split(/\s+/).length >= MIN_WORDS
}

/** Every sentence in every text of each document that reads as a promise, once per document. */
export function findPromises(
  documents: ReadonlyMap<string, readonly string[]>,
): Array<{ document: string; sentence: string }> {
  return [...documents].flatMap(([document, texts]) =>
    [...new Set(texts.flatMap(sentencesOf).filter(isPromise))].map((sentence) => ({ document, sentence })),
  )
}
