// How text becomes index terms, for documents and queries alike. Developers search for
// identifiers (`core_component`, `$CFG`, `get_string()`, `MDL-12345`, `4.1.2`, `getString`), so a
// token keeps the characters that hold an identifier together, and each token is indexed both
// whole and as its parts: `get_string` is found by `get_string`, `get` and `string`; `MDL-12345`
// by `mdl-12345` and `12345`; `$CFG` by `$cfg` and `cfg`; `getString` by `getstring`, `get` and
// `string`. Unicode letters and digits of every script are word characters. Chinese and Japanese
// write no spaces between words: a run of their characters is cut into words by ICU's dictionary
// (`Intl.Segmenter`) and into pairs of characters, for pages and queries alike, so `安装` finds a
// page that says `安装和配置`.

/** Runs of letters, digits and the joiners `_ $ - . : /`, which a token may hold inside it. */
const TOKEN = /[\p{L}\p{N}\p{M}_$]+(?:[-.:/'][\p{L}\p{N}\p{M}_$]+)*/gu;

/** The separators inside one token that its parts are split at. */
const PART_SEPARATORS = /[-_.:/'$]+/;

/** A plain word (`release`, `Moodle`, `PHP`) or number: most tokens are, and they have no parts to look for. */
export const PLAIN_WORD = /^(?:[A-Z]?[a-z]*|[A-Z]+|\d+)$/;

/** Longer tokens are not identifiers anyone types (hashes, base64): they are cut. */
const MAX_TOKEN = 60;

/** Han, Hiragana and Katakana: scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** ICU's word breaks, dictionary-based for the unspaced scripts whatever the locale. */
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Runs of characters of the unspaced scripts. */
const UNSPACED_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

/**
 * A token of an unspaced script as search terms: ICU's words (mixed with Latin: `Docusaurus文档`
 * gives `Docusaurus`), and every two characters in a row, since the dictionary cuts some words
 * apart (`文档` into `文`, `档`) and a term of one character finds everything.
 */
function unspacedWords(token: string): string[] {
  const found = new Set<string>();
  for (const { segment, isWordLike } of words.segment(token)) if (isWordLike && (segment.length > 1 || !UNSPACED.test(segment))) found.add(segment);
  for (const [run] of token.matchAll(UNSPACED_RUNS)) for (let at = 0; at + 2 <= run.length; at++) found.add(run.slice(at, at + 2));
  return [...found];
}

/** Splits text into raw tokens (not lowercased): `get_string()` gives `get_string`. */
export function tokenize(text: string): string[] {
  const matched = text.match(TOKEN) ?? [];
  // Most text has no character of an unspaced script: it is not looked at token by token.
  const tokens = UNSPACED.test(text) ? matched.flatMap((token) => (UNSPACED.test(token) ? unspacedWords(token) : [token])) : matched;
  // Changed in place, not mapped and filtered into new arrays: an index build tokenizes 2.6 million characters.
  let kept = 0;
  for (const token of tokens) {
    // `$` is kept only at the start of a token (`$CFG`), never alone.
    if (token !== '$') tokens[kept++] = token.length > MAX_TOKEN ? token.slice(0, MAX_TOKEN) : token;
  }
  tokens.length = kept;
  return tokens;
}

/**
 * The index terms of one raw token: the whole token lowercased, then its parts (split at `_ - . :
 * / $` and at camelCase humps). A version (`4.1.2`) is one term: `4.1` finds it as a prefix, and
 * ranks the page of `4.1` itself first.
 */
export function termsOf(token: string): string[] {
  const whole = token.toLowerCase();
  // The common case, answered without the splits below (they were half of an index build's time).
  if (PLAIN_WORD.test(token)) return [whole];
  // A path or URL is no term of its own (`mod/forum/view.php`, 1,500 terms of the corpus, nearly all
  // in one section each): its parts find it, and every term costs the index.
  const terms = new Set<string>(whole.includes('/') ? [] : [whole]);
  // Compounds of compounds keep their own parts whole: `MDL-12345_main` is found by `MDL-12345`.
  for (const segment of whole.split(/[_:/]+/)) if (segment.length > 1) terms.add(segment);
  // Single characters of a longer token (`4.1.2`, `a_b`) match everything, and the number of an
  // issue key (`12345` of `MDL-12345`, thousands of them in release notes) would double the index:
  // neither is a term of its own.
  const hasLetters = /\p{L}/u.test(token);
  const pieces = token.split(PART_SEPARATORS).filter((piece) => piece.length > 1 && !(hasLetters && /^\d+$/.test(piece)));
  for (const piece of pieces) {
    terms.add(piece.toLowerCase());
    for (const hump of camelParts(piece)) terms.add(hump);
  }
  if (whole.startsWith('$')) terms.add(whole.slice(1));
  return [...terms].filter((term) => term.length > 0);
}

/** The humps of a camelCase or PascalCase word, lowercased (`getString` -> `get`, `string`); none for a plain word. */
function camelParts(word: string): string[] {
  const humps = word.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu);
  return humps && humps.length > 1 ? humps.map((hump) => hump.toLowerCase()) : [];
}
