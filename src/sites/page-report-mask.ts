/**
 * What of a page's text, ids and URLs a page report may hold: their shape only. Text becomes
 * placeholder words of the same length in the same script, so a reader that depends on a message's
 * length, its script or its punctuation reads the same; an id becomes a stand-in of the same length
 * and character classes (a UUID stays UUID-like), the same id always the same stand-in, so two
 * attributes that name one element still do; a URL keeps its kind and path shape, never its text.
 */

/** Filler letters per script: a letter is replaced by the filler of its script at its place in the word. */
const FILLERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\p{Script=Latin}/u, 'loremipsumdolorsitametconsecteturadipiscingelit'],
  [/\p{Script=Cyrillic}/u, 'лоремипсумдолорситамет'],
  [/\p{Script=Greek}/u, 'λορεμιψουμδολορσιταμετ'],
  [/\p{Script=Han}/u, '文字占位内容示例段落'],
  [/\p{Script=Hiragana}/u, 'あいうえおかきくけこ'],
  [/\p{Script=Katakana}/u, 'アイウエオカキクケコ'],
  [/\p{Script=Hangul}/u, '가나다라마바사아자차'],
  [/\p{Script=Arabic}/u, 'نصتجريبيللعرض'],
  [/\p{Script=Hebrew}/u, 'אבגדהוזחטי'],
  [/\p{Script=Devanagari}/u, 'कखगघचछजझटठ'],
  [/\p{Script=Thai}/u, 'กขคงจฉชซญฎ'],
];
const LETTER = /[\p{L}\p{M}]/u;
const DIGIT = /\p{N}/u;
/** Kept as they are: spacing, punctuation and control characters say nothing of what was written. */
const KEPT = /[\s\p{P}\p{Cc}]/u;

/** The same text in placeholder words: every letter by its script's filler, digits as 0, symbols and emoji as `*`. */
export function maskText(text: string): string {
  let out = '';
  let place = 0;
  for (const ch of text) {
    if (LETTER.test(ch)) {
      const filler = FILLERS.find(([script]) => script.test(ch))?.[1];
      const letter = filler ? Array.from(filler)[place % Array.from(filler).length] : 'x';
      const cased = ch !== ch.toLowerCase() ? letter.toUpperCase() : letter;
      out += ch.length > cased.length ? cased.padEnd(ch.length, cased) : cased;
      place++;
      continue;
    }
    place = 0;
    // A character outside the basic plane (an emoji) is two UTF-16 units: two stars keep the text's length.
    out += DIGIT.test(ch) ? '0'.repeat(ch.length) : KEPT.test(ch) ? ch : '*'.repeat(ch.length);
  }
  return out;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A run of letters, digits and underscores: an id when it is long, or has a digit and is not short. */
const RUN = /[A-Za-z0-9]+/g;
const isIdRun = (run: string): boolean => run.length >= 16 || (run.length >= 6 && /\d/.test(run)) || (run.length >= 5 && /^\d+$/.test(run));

/** Stand-ins for ids, one per distinct id: made once per report, so equal ids stay equal and nothing else does. */
export interface IdShapes {
  /** The value with every id in it (UUIDs, long or digit-bearing runs) replaced by its stand-in; words kept. */
  shape(value: string): string;
  /** Only the UUIDs in the value shaped. */
  uuids(value: string): string;
  /** Ids shaped and every other word masked: for values a person may have written. */
  shapeAll(value: string): string;
  /** A URL's shape: its kind (same site, other site, blob:, data:, relative), path segments as words or ids, query keys, no values. */
  url(value: string, ownHost: string): string;
}

/** Path words of the sites' own file URLs kept as they are; any other word of a URL may be a chat's title (a slug). */
const URL_WORDS = ['backend-api', 'estuary', 'content', 'files', 'file', 'images', 'image', 'api', 'static', 'assets', 's2', 'favicons'];

/** `pathWords`: the words of the site's own URLs (its conversation URLs' literal segments), kept in URL shapes. */
export function createIdShapes(pathWords: readonly string[] = []): IdShapes {
  const words = new Set([...URL_WORDS, ...pathWords]);
  const seen = new Map<string, string>();
  const used = new Set<string>();
  let next = 1;

  /** A stand-in of the same length and character classes (digit, lower, upper), never one used before. */
  const standIn = (id: string): string => {
    const known = seen.get(id);
    if (known !== undefined) return known;
    let made = '';
    do {
      const code = (next++).toString(10).padStart(id.length, '0');
      const digits = code.slice(code.length - id.length);
      made = Array.from(id, (ch, i) => {
        const d = digits[i] ?? '0';
        if (/\d/.test(ch)) return d;
        const letter = String.fromCharCode(97 + (Number(d) % 6)); // a-f: a hex id stays hex
        return /[A-Z]/.test(ch) ? letter.toUpperCase() : /[a-z]/.test(ch) ? letter : ch;
      }).join('');
    } while (used.has(made) && next < 1e7);
    seen.set(id, made);
    used.add(made);
    return made;
  };

  const uuidStandIn = (uuid: string): string => {
    const known = seen.get(uuid.toLowerCase());
    if (known !== undefined) return known;
    const n = (next++).toString(16).padStart(12, '0');
    const made = `00000000-0000-4000-8000-${n.slice(-12)}`;
    seen.set(uuid.toLowerCase(), made);
    return made;
  };

  const shapeWith = (value: string, word: (run: string) => string): string =>
    value
      .split(UUID)
      .map((piece) => piece.replace(RUN, (run) => (isIdRun(run) ? standIn(run) : word(run))))
      .reduce<string[]>((parts, piece, i, pieces) => {
        parts.push(piece);
        const match = i < pieces.length - 1 ? value.match(UUID)?.[i] : undefined;
        if (match !== undefined) parts.push(uuidStandIn(match));
        return parts;
      }, [])
      .join('');
  const shape = (value: string): string => shapeWith(value, (run) => run);
  /** Ids shaped and every other word masked: for what may be written by a person (a slug, a query). */
  const shapeAll = (value: string): string => shapeWith(value, maskText);

  /** A path segment: a known word stays (`c`, `chat`, `backend-api`), anything else is shaped or masked. */
  const segment = (seg: string): string => (words.has(seg) ? seg : encodeURIComponent(shapeAll(decodeSafely(seg))));

  const url = (value: string, ownHost: string): string => {
    const trimmed = value.trim();
    if (trimmed.startsWith('data:')) return `data:${/^data:([\w.+-]+\/[\w.+-]+)/.exec(trimmed)?.[1] ?? ''},`;
    if (trimmed.startsWith('#')) return `#${shape(trimmed.slice(1))}`;
    const blob = trimmed.startsWith('blob:');
    let parsed: URL;
    try {
      parsed = new URL(blob ? trimmed.slice(5) : trimmed, `https://${ownHost}/`);
    } catch {
      return '';
    }
    if (!/^https?:$/.test(parsed.protocol)) return `${parsed.protocol}`;
    const relative = !/^([a-z]+:)?\/\//i.test(blob ? trimmed.slice(5) : trimmed);
    const host = relative ? '' : parsed.hostname === ownHost ? `https://${ownHost}` : 'https://other.invalid';
    const path = parsed.pathname.split('/').map(segment).join('/');
    // Read from the string: in a Firefox content script the page's URLSearchParams iterators cannot be spread.
    const pairs = new Map<string, string>();
    for (const pair of parsed.search.slice(1).split('&')) {
      const [key = '', value = ''] = pair.split('=');
      if (/^[\w-]{1,20}$/.test(key) && !pairs.has(key)) pairs.set(key, decodeSafely(value.replace(/\+/g, ' ')));
    }
    const query = pairs.size ? `?${Array.from(pairs, ([k, v]) => `${k}=${encodeURIComponent(shapeAll(v))}`).join('&')}` : '';
    return `${blob ? 'blob:' : ''}${host}${path}${query}`;
  };

  return { shape, shapeAll, uuids: (value) => value.replace(UUID, uuidStandIn), url };
}

function decodeSafely(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}
