/**
 * Reads the text of an Office Open XML file (Word .docx, PowerPoint .pptx, Excel .xlsx) in the page:
 * the file is a zip of XML parts (ECMA-376), opened with fflate's unzip, and the text is taken from
 * the parts that hold it: a document's paragraphs, each slide's paragraphs in order, a workbook's
 * cells row by row (tab between cells, one line per row, shared strings resolved). Built as a module
 * of its own (scripts/build/lazy-modules.ts) and imported only when such a file is attached.
 *
 * Never throws: a file that is not a zip is `damaged`, and one in the encrypted container Office
 * writes for a password-protected file (an OLE compound file, not a zip) is `protected`.
 */
import { unzipSync } from 'fflate';

export type OfficeFormat = 'docx' | 'pptx' | 'xlsx';
export type OfficeRead = { ok: true; text: string; coverage: number } | { ok: false; code: 'damaged' | 'protected' };

export interface OfficeReader {
  readOffice(bytes: Uint8Array, format: OfficeFormat, maxChars: number): OfficeRead;
}

/** The first bytes of an OLE compound file: what Office writes for an encrypted (password-protected) document. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (all, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? all;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

/** The paragraphs of a WordprocessingML or DrawingML part: text runs (`<w:t>`, `<a:t>`) joined, a line per paragraph, tabs kept. */
function paragraphs(xml: string, ns: 'w' | 'a'): string {
  const lines: string[] = [];
  const paragraph = new RegExp(`<${ns}:p[\\s>][\\s\\S]*?</${ns}:p>`, 'g');
  const piece = new RegExp(`<${ns}:t(?:\\s[^>]*)?>([^<]*)</${ns}:t>|<${ns}:tab/>|<${ns}:br/>`, 'g');
  for (const p of xml.match(paragraph) ?? []) {
    let line = '';
    for (const m of p.matchAll(piece)) line += m[1] !== undefined ? decodeXml(m[1]) : m[0].includes('tab') ? '\t' : '\n';
    lines.push(line);
  }
  return lines.join('\n');
}

/** A number in a part's name (slide12.xml: 12), so parts are read in their order, not the zip's. */
const partNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

/** A workbook's cells, sheet by sheet: a line per row, a tab between cells; shared strings resolved. */
function workbook(files: Record<string, Uint8Array>, utf8: TextDecoder): string {
  const shared = files['xl/sharedStrings.xml'];
  const strings = shared
    ? (utf8.decode(shared).match(/<si>[\s\S]*?<\/si>/g) ?? []).map((si) =>
        [...si.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => decodeXml(m[1]!)).join(''),
      )
    : [];
  const sheets = Object.keys(files)
    .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => partNumber(a) - partNumber(b));
  const out: string[] = [];
  for (const name of sheets) {
    for (const row of utf8.decode(files[name]!).match(/<row[\s>][\s\S]*?<\/row>/g) ?? []) {
      const cells: string[] = [];
      for (const c of row.match(/<c[\s>][\s\S]*?(?:<\/c>|\/>)/g) ?? []) {
        const type = /\bt="(\w+)"/.exec(c)?.[1];
        const value = /<v>([^<]*)<\/v>/.exec(c)?.[1];
        const inline = /<is>[\s\S]*?<t(?:\s[^>]*)?>([^<]*)<\/t>/.exec(c)?.[1];
        if (type === 's' && value !== undefined) cells.push(strings[Number(value)] ?? '');
        else if (inline !== undefined) cells.push(decodeXml(inline));
        else cells.push(value === undefined ? '' : decodeXml(value));
      }
      out.push(cells.join('\t'));
    }
  }
  return out.join('\n');
}

/** The parts of each format that hold its text, in reading order. */
function textOf(files: Record<string, Uint8Array>, format: OfficeFormat): string | null {
  const utf8 = new TextDecoder();
  switch (format) {
    case 'docx': {
      const doc = files['word/document.xml'];
      return doc ? paragraphs(utf8.decode(doc), 'w') : null;
    }
    case 'pptx': {
      const slides = Object.keys(files)
        .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
        .sort((a, b) => partNumber(a) - partNumber(b));
      return slides.length ? slides.map((n) => paragraphs(utf8.decode(files[n]!), 'a')).join('\n\n') : null;
    }
    case 'xlsx':
      return files['xl/workbook.xml'] ? workbook(files, utf8) : null;
  }
}

/** Only the XML parts that can hold text are inflated: media and other binary parts are left in the zip. */
const wanted = (name: string) => name.endsWith('.xml') && /^(word|ppt|xl)\//.test(name);

export const officeReader: OfficeReader = {
  readOffice(bytes, format, maxChars) {
    if (OLE_MAGIC.every((b, i) => bytes[i] === b)) return { ok: false, code: 'protected' };
    let files: Record<string, Uint8Array>;
    try {
      // A copy of the bytes this module owns: in a Firefox content script the file's buffer belongs to the page, and unzipping it in place fails.
      files = unzipSync(new Uint8Array(bytes), { filter: (f) => wanted(f.name) });
    } catch {
      return { ok: false, code: 'damaged' };
    }
    const text = textOf(files, format);
    if (text === null) return { ok: false, code: 'damaged' };
    return text.length > maxChars ? { ok: true, text: text.slice(0, maxChars), coverage: maxChars / text.length } : { ok: true, text, coverage: 1 };
  },
};
