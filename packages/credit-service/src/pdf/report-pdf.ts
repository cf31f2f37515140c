import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR, pdfFonts } from './fonts.js';

/*
 * The building blocks of the credit-service's PDF documents (enterprise credit report, 专项信用报告,
 * personal credit report): an A4 document with the CJK fonts registered, a title, section
 * headings, paragraphs, key–value tables, data tables that wrap their cells and repeat their
 * header on a new page, a QR code, and a footer on every page with the report number and the
 * page number (and, for a signed report, the signing key's fingerprint, the signing time and how
 * to verify it). Text is laid out top to bottom; every block starts a new page when it does not fit.
 */

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
/** Space kept free at the bottom of each page for the footer. */
const FOOTER_SPACE = 36;
const CELL_PAD = 4;
const BODY_SIZE = 9.5;
const BORDER = '#b8c2cc';
const SHADE = '#eef3f8';
const MUTED = '#5b6670';
const ACCENT = '#1f5fa8';

export interface ReportPdfOptions {
  /** The document's title (its metadata; the visible title is drawn with title()). */
  title: string;
  /** Shown in every page's footer as 报告编号：… when given. */
  reportNumber?: string;
  /** Author in the metadata, e.g. the issuing centre. */
  author?: string;
  /** Subject in the metadata. */
  subject?: string;
  /**
   * The report is to be signed (src/signing): the metadata carries the report number, kind, key id,
   * signing time and algorithm, and every page's footer the key's fingerprint, the time and how
   * to verify — all inside the bytes the signature covers.
   */
  signing?: ReportSigningMark;
}

/** What a signed report says of its signature, in its metadata and footer. */
export interface ReportSigningMark {
  reportNumber: string;
  /** enterprise, special or personal. */
  kind: string;
  keyId: string;
  algorithm: string;
  /** ISO 8601 (metadata). */
  signedAtIso: string;
  /** As printed, yyyy-mm-dd hh:mm:ss. */
  signedAt: string;
  /** One line: where and how to verify. */
  howToVerify: string;
}

export interface TableColumn {
  header: string;
  /** Relative width; the columns share the text width in proportion. */
  weight: number;
  align?: 'left' | 'center' | 'right';
}

export interface TableOptions {
  /** Shown in one full-width row when there are no rows (default 无). */
  emptyText?: string;
}

interface Cell {
  text: string;
  width: number;
  bold?: boolean;
  fill?: string;
  align?: 'left' | 'center' | 'right';
}

/** One PDF document being written; finish() returns its bytes. */
export class ReportPdf {
  /** The pdfkit document, for anything the blocks below do not cover. */
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private readonly reportNumber: string | undefined;
  private readonly signing: ReportSigningMark | undefined;

  constructor(options: ReportPdfOptions) {
    this.reportNumber = options.reportNumber;
    this.signing = options.signing;
    const mark = options.signing;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
      // Pages stay in memory until finish() so that the footer can say "of n".
      bufferPages: true,
      autoFirstPage: true,
      lang: 'zh-CN',
      displayTitle: true,
      info: {
        Title: options.title,
        Author: options.author ?? '',
        Subject: options.subject ?? options.title,
        // Custom entries of the document information dictionary (src/signing/pdf-signature.ts).
        ...(mark
          ? {
              CreditReportNo: mark.reportNumber,
              CreditReportType: mark.kind,
              CreditReportKeyId: mark.keyId,
              CreditReportSignedAt: mark.signedAtIso,
              CreditReportSignatureAlgorithm: mark.algorithm,
            }
          : {}),
      },
    });
    const fonts = pdfFonts();
    this.doc.registerFont(FONT_REGULAR, fonts[FONT_REGULAR]);
    this.doc.registerFont(FONT_BOLD, fonts[FONT_BOLD]);
    this.doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor('black');
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  /** The width text may use between the margins. */
  get textWidth(): number {
    return A4.width - 2 * MARGIN;
  }

  private get bottom(): number {
    return A4.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): this {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
    return this;
  }

  /** Vertical space in points. */
  space(points = 8): this {
    this.doc.y += points;
    return this;
  }

  /** The document's visible title, centred, with an optional subtitle line. */
  title(text: string, subtitle?: string): this {
    const { doc } = this;
    doc.font(FONT_BOLD).fontSize(20).fillColor('black');
    doc.text(text, MARGIN, doc.y, { width: this.textWidth, align: 'center' });
    if (subtitle) {
      doc.moveDown(0.3).font(FONT_REGULAR).fontSize(11).fillColor(MUTED);
      doc.text(subtitle, MARGIN, doc.y, { width: this.textWidth, align: 'center' });
    }
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor('black');
    return this.space(14);
  }

  /** A section heading with a rule under it; kept with at least a few lines of what follows. */
  heading(text: string): this {
    const { doc } = this;
    this.ensureSpace(70);
    doc.font(FONT_BOLD).fontSize(12.5).fillColor(ACCENT);
    doc.text(text, MARGIN, doc.y, { width: this.textWidth });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.textWidth, y)
      .lineWidth(0.8)
      .strokeColor(ACCENT)
      .stroke();
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor('black');
    doc.y = y + 6;
    return this;
  }

  /** A paragraph over the full width. */
  paragraph(text: string, options: { muted?: boolean; size?: number; bold?: boolean } = {}): this {
    const { doc } = this;
    doc
      .font(options.bold ? FONT_BOLD : FONT_REGULAR)
      .fontSize(options.size ?? BODY_SIZE)
      .fillColor(options.muted ? MUTED : 'black');
    this.ensureSpace(doc.heightOfString(text, { width: this.textWidth }) + 4);
    doc.text(text, MARGIN, doc.y, { width: this.textWidth, lineGap: 2 });
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor('black');
    return this.space(4);
  }

  /** A two-column table of labels (shaded) and values; `pairsPerRow` 2 puts two pairs side by side. */
  keyValues(rows: ReadonlyArray<readonly [string, string]>, pairsPerRow: 1 | 2 = 1): this {
    // Each column of labels as wide as its longest label needs, so that no label breaks inside a
    // word (统一社会信用代/码) — a label may still break before a bracket
    // (法定代表人 /（负责人）) — and at least 28 % of the pair, at most half of it. The values
    // keep the rest: a company's name is the longest value.
    const pairWidth = this.textWidth / pairsPerRow;
    const doc = this.doc.font(FONT_BOLD).fontSize(BODY_SIZE);
    const labelWidths = Array.from({ length: pairsPerRow }, (_, column) => {
      const words = rows
        .filter((_, index) => index % pairsPerRow === column)
        .flatMap(([label]) => label.split(/(?=[（(])/));
      const longest = Math.max(0, ...words.map((word) => doc.widthOfString(word)));
      return Math.min(pairWidth * 0.5, Math.max(pairWidth * 0.28, Math.ceil(longest) + 2 * CELL_PAD + 2));
    });
    doc.font(FONT_REGULAR);
    for (let i = 0; i < rows.length; i += pairsPerRow) {
      const cells: Cell[] = [];
      rows.slice(i, i + pairsPerRow).forEach(([label, value], column) => {
        const labelWidth = labelWidths[column]!;
        cells.push({ text: label, width: labelWidth, bold: true, fill: SHADE });
        cells.push({ text: value || '—', width: pairWidth - labelWidth });
      });
      // A last row with a single pair spans the rest of the width.
      const used = cells.reduce((sum, c) => sum + c.width, 0);
      const last = cells.at(-1);
      if (last && used < this.textWidth) last.width += this.textWidth - used;
      this.row(cells);
    }
    return this.space(8);
  }

  /** A data table: a shaded header row (repeated on each new page) and wrapping cells. */
  table(columns: readonly TableColumn[], rows: ReadonlyArray<readonly string[]>, options: TableOptions = {}): this {
    const total = columns.reduce((sum, c) => sum + c.weight, 0);
    const widths = columns.map((c) => (this.textWidth * c.weight) / total);
    const header: Cell[] = columns.map((c, i) => ({
      text: c.header,
      width: widths[i]!,
      bold: true,
      fill: SHADE,
      align: 'center',
    }));
    this.ensureSpace(this.rowHeight(header) + 24);
    this.row(header);
    if (rows.length === 0) {
      this.row([{ text: options.emptyText ?? '无', width: this.textWidth, align: 'center' }]);
    }
    for (const values of rows) {
      const cells = columns.map((c, i) => ({ text: values[i] ?? '', width: widths[i]!, align: c.align }));
      if (this.doc.y + this.rowHeight(cells) > this.bottom) {
        this.doc.addPage();
        this.row(header);
      }
      this.row(cells);
    }
    return this.space(10);
  }

  /**
   * A QR code image (PNG, see qrPng) at the left with caption lines beside it; both stay on one
   * page.
   */
  qrCode(png: Buffer, lines: readonly string[], size = 96): this {
    const { doc } = this;
    this.ensureSpace(size + 8);
    const top = doc.y;
    doc.image(png, MARGIN, top, { width: size, height: size });
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor('black');
    let y = top + 4;
    const x = MARGIN + size + 14;
    const width = this.textWidth - size - 14;
    for (const line of lines) {
      doc.text(line, x, y, { width, lineGap: 2 });
      y = doc.y + 2;
    }
    doc.x = MARGIN;
    doc.y = Math.max(top + size, y) + 8;
    return this;
  }

  private rowHeight(cells: readonly Cell[]): number {
    const { doc } = this;
    let height = 0;
    for (const cell of cells) {
      doc.font(cell.bold ? FONT_BOLD : FONT_REGULAR).fontSize(BODY_SIZE);
      height = Math.max(height, doc.heightOfString(cell.text || ' ', { width: cell.width - 2 * CELL_PAD, lineGap: 1 }));
    }
    doc.font(FONT_REGULAR);
    return height + 2 * CELL_PAD;
  }

  /** Draws one row of bordered cells at the current position; a row taller than a page is cut at its end. */
  private row(cells: readonly Cell[]): void {
    const { doc } = this;
    const fullPage = this.bottom - doc.page.margins.top;
    let height = this.rowHeight(cells);
    if (doc.y + height > this.bottom) doc.addPage();
    height = Math.min(height, fullPage);
    const top = doc.y;
    let x = MARGIN;
    for (const cell of cells) {
      if (cell.fill) doc.rect(x, top, cell.width, height).fill(cell.fill);
      doc.rect(x, top, cell.width, height).lineWidth(0.5).strokeColor(BORDER).stroke();
      doc
        .font(cell.bold ? FONT_BOLD : FONT_REGULAR)
        .fontSize(BODY_SIZE)
        .fillColor('black')
        .text(cell.text, x + CELL_PAD, top + CELL_PAD, {
          width: cell.width - 2 * CELL_PAD,
          height: height - 2 * CELL_PAD,
          align: cell.align ?? 'left',
          lineGap: 1,
          ellipsis: true,
        });
      x += cell.width;
    }
    doc.font(FONT_REGULAR);
    doc.x = MARGIN;
    doc.y = top + height;
  }

  /** Draws the footers (report number, page n / total) and returns the PDF's bytes. */
  finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      // Writing below the bottom margin would start a new page: lift the margin while drawing.
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = A4.height - MARGIN - 12;
      doc
        .moveTo(MARGIN, y - 6)
        .lineTo(A4.width - MARGIN, y - 6)
        .lineWidth(0.5)
        .strokeColor(BORDER)
        .stroke();
      doc.font(FONT_REGULAR).fontSize(8).fillColor(MUTED);
      if (this.reportNumber) {
        doc.text(`报告编号：${this.reportNumber}`, MARGIN, y, { width: this.textWidth / 2, lineBreak: false });
      }
      doc.text(`第 ${i - range.start + 1} 页 / 共 ${range.count} 页`, MARGIN + this.textWidth / 2, y, {
        width: this.textWidth / 2,
        align: 'right',
        lineBreak: false,
      });
      if (this.signing) {
        const { keyId, signedAt, algorithm, howToVerify } = this.signing;
        doc.fontSize(6.5);
        doc.text(`电子签名（${algorithm}）密钥指纹：${keyId} · 签名时间：${signedAt}`, MARGIN, y + 11, {
          width: this.textWidth,
          lineBreak: false,
        });
        doc.text(howToVerify, MARGIN, y + 20, { width: this.textWidth, lineBreak: false });
      }
      doc.page.margins.bottom = bottomMargin;
    }
    doc.end();
    return this.done;
  }
}
