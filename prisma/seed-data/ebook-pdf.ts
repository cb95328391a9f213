/**
 * The demo's e-books: a small, valid one-page PDF written here (PDF 1.4,
 * ISO 32000-1 7.5: header, objects, cross-reference table, trailer) with the
 * standard Helvetica font, so the seed needs no binary file and no library.
 * Text is set in WinAnsiEncoding, which holds the Swedish letters.
 */

/** WinAnsi bytes of a text (Latin-1 plus the typographic marks the e-books use). */
function winAnsi(text: string): number[] {
  const special: Record<string, number> = { "–": 0x96, "—": 0x97, "•": 0x95, "’": 0x92, "“": 0x93, "”": 0x94 };
  return [...text].map((c) => special[c] ?? (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 0x3f));
}

/** A PDF string literal: backslash, brackets escaped (7.3.4.2). */
const literal = (text: string) => "(" + String.fromCharCode(...winAnsi(text)).replace(/[\\()]/g, (c) => "\\" + c) + ")";

export interface EbookContent {
  title: string;
  subtitle: string;
  /** Paragraphs: each a list of lines already wrapped to the page width. */
  lines: string[];
}

/** The bytes of a one-page A4 PDF with a title, a subtitle and lines of body text. */
export function ebookPdf(content: EbookContent): Buffer {
  const ops = [
    "BT",
    "/F2 22 Tf 56 770 Td",
    `${literal(content.title)} Tj`,
    "/F1 13 Tf 0 -28 Td",
    `${literal(content.subtitle)} Tj`,
    "/F1 11 Tf 0 -34 Td 16 TL",
    ...content.lines.map((line) => `${literal(line)} '`),
    "ET",
  ].join("\n");
  const stream = Buffer.from(ops, "latin1");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream.toString("latin1")}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  // A binary comment on line 2 tells tools the file is binary (7.5.2).
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
