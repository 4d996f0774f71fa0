/**
 * Small real files made in the test: a complete PNG (deflated, with its CRCs), a JPEG header with an
 * EXIF orientation and its size marker past the first read, PDFs made with pdf-lib, and Office Open
 * XML files (Word, Excel) zipped with fflate: the parts a reader needs, as Office writes them.
 */
import { strToU8, zipSync } from 'fflate';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const concat = (parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** A valid grey PNG of width x height (each row: filter byte 0, then one byte per pixel). */
export function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8);
  const raw = new Uint8Array((width + 1) * height).fill(128);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

function segment(marker: number, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(4 + body.length);
  out[0] = 0xff;
  out[1] = marker;
  new DataView(out.buffer).setUint16(2, body.length + 2);
  out.set(body, 4);
  return out;
}

/**
 * A JPEG as a camera writes it: SOI, an EXIF block with an orientation, `padding` bytes of other
 * application segments (a maker note, a preview), the frame header with the pixel size, then scan data.
 */
export function jpeg(width: number, height: number, options: { orientation?: number; padding?: number; scanBytes?: number } = {}): Uint8Array<ArrayBuffer> {
  const exif = concat([
    new TextEncoder().encode('Exif\0\0'),
    // Big-endian TIFF header, first IFD at 8, one entry: Orientation (0x0112), SHORT, 1, value; no next IFD.
    new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, options.orientation ?? 1, 0, 0, 0, 0, 0, 0]),
  ]);
  const pads: Uint8Array[] = [];
  for (let left = options.padding ?? 0; left > 0; left -= 65_000) pads.push(segment(0xe2, new Uint8Array(Math.min(65_000, left))));
  const sof = new Uint8Array([8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const sos = new Uint8Array([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);
  const scan = new Uint8Array(options.scanBytes ?? 1024).fill(0x55);
  return concat([new Uint8Array([0xff, 0xd8]), segment(0xe1, exif), ...pads, segment(0xc0, sof), segment(0xda, sos), scan, new Uint8Array([0xff, 0xd9])]);
}

/** A PDF of `pages` US Letter pages, each with a paragraph of text wrapped to the page. */
export async function pdf(pages: number, line = (n: number) => `Page ${n} of the quarterly report on water use.`): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) doc.addPage([612, 792]).drawText(line(n), { x: 50, y: 740, size: 12, font, maxWidth: 500, lineHeight: 15 });
  return new Uint8Array(await doc.save());
}

export const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) => new File([bytes], name, { type });

/** A file that says it is `size` bytes long, for sizes not worth allocating in a test. */
export function sized(f: File, size: number): File {
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

const xmlEscape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const CONTENT_TYPES = (main: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="${type}"/></Types>`;
const RELS = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${main}"/></Relationships>`;

/** A Word document (.docx) of these paragraphs: [Content_Types].xml, the package relationships and word/document.xml. */
export function docx(paragraphs: readonly string[]): Uint8Array<ArrayBuffer> {
  const body = paragraphs
    .map((p) => `<w:p><w:pPr><w:spacing w:after="120"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`)
    .join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')),
    '_rels/.rels': strToU8(RELS('word/document.xml')),
    'word/document.xml': strToU8(document),
  }) as Uint8Array<ArrayBuffer>;
}

/** An Excel workbook (.xlsx) of one sheet: the first row as shared strings, the rest as numbers and inline strings. */
export function xlsx(rows: ReadonlyArray<ReadonlyArray<string | number>>): Uint8Array<ArrayBuffer> {
  const shared: string[] = [];
  const cell = (v: string | number, r: number) => {
    if (typeof v === 'number') return `<c><v>${v}</v></c>`;
    if (r === 0) return `<c t="s"><v>${shared.push(v) - 1}</v></c>`;
    return `<c t="inlineStr"><is><t>${xmlEscape(v)}</t></is></c>`;
  };
  const sheetRows = rows.map((row, r) => `<row r="${r + 1}">${row.map((v) => cell(v, r)).join('')}</row>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml')),
    '_rels/.rels': strToU8(RELS('xl/workbook.xml')),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Data" sheetId="1"/></sheets></workbook>',
    ),
    'xl/sharedStrings.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst>${shared.map((t) => `<si><t>${xmlEscape(t)}</t></si>`).join('')}</sst>`),
    'xl/worksheets/sheet1.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><worksheet><sheetData>${sheetRows}</sheetData></worksheet>`),
  }) as Uint8Array<ArrayBuffer>;
}
