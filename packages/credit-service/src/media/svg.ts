/*
 * The service's images, drawn as SVG from stored titles: article illustrations, banners,
 * leaders' portraits, QR-style badges and flipbook pages. Deterministic: the same record always
 * gives the same bytes, so the gateway may cache them.
 */
import { Random, mixSeed } from '../lib/random.js';

export const SVG_CONTENT_TYPE = 'image/svg+xml; charset=utf-8';

const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** Display width of a character in ems: CJK and full-width forms are 1, the rest about half. */
const charWidth = (ch: string): number => (/[\u2E80-\uFFEF]/.test(ch) ? 1 : 0.55);

/** Wraps text into lines of at most `maxEms` ems; newlines start new lines. */
export function wrapText(text: string, maxEms: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let width = 0;
    for (const ch of Array.from(paragraph)) {
      const w = charWidth(ch);
      // Closing punctuation stays on its line rather than opening the next one.
      if (width + w > maxEms && line && !/[，。、；：！？”）》]/.test(ch)) {
        lines.push(line);
        line = '';
        width = 0;
      }
      line += ch;
      width += w;
    }
    lines.push(line);
  }
  return lines;
}

const seedOf = (text: string): number => {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  return mixSeed(h);
};

function textLines(
  lines: readonly string[],
  options: { x: number; y: number; size: number; lineHeight: number; fill: string; anchor?: string; weight?: string },
): string {
  const anchor = options.anchor ?? 'start';
  return lines
    .map(
      (line, i) =>
        `<text x="${options.x}" y="${options.y + i * options.lineHeight}" font-size="${options.size}" fill="${options.fill}"` +
        ` text-anchor="${anchor}"${options.weight ? ` font-weight="${options.weight}"` : ''}>${escapeXml(line)}</text>`,
    )
    .join('');
}

function svg(width: number, height: number, label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"` +
    ` role="img" aria-label="${escapeXml(label)}" font-family="${FONT}">${body}</svg>`
  );
}

function gradient(id: string, hue: number, light: number): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},58%,${light}%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 28) % 360},62%,${light - 16}%)"/></linearGradient>`
  );
}

/** Soft circles and a skyline, placed by the title's hash. */
function decoration(random: Random, width: number, height: number): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    out += `<circle cx="${random.int(width)}" cy="${random.int(height)}" r="${random.between(30, 140)}" fill="#fff" fill-opacity="0.07"/>`;
  }
  let x = 0;
  while (x < width) {
    const w = random.between(30, 80);
    const h = random.between(Math.round(height * 0.08), Math.round(height * 0.3));
    out += `<rect x="${x}" y="${height - h}" width="${w - 4}" height="${h}" fill="#fff" fill-opacity="0.1"/>`;
    x += w;
  }
  return out;
}

export interface ImageSpec {
  name: string;
  kind: 'illustration' | 'banner' | 'portrait' | 'qr';
  title: string;
  subtitle: string;
  width: number;
  height: number;
  hue: number;
}

/** Draws one stored image; a banner carries the site's name. */
export function renderImage(image: ImageSpec, siteName: string): string {
  const { width: w, height: h, hue } = image;
  const random = new Random(seedOf(image.name));
  switch (image.kind) {
    case 'illustration': {
      const lines = wrapText(image.title, 18).slice(0, 3);
      return svg(
        w,
        h,
        image.title,
        `<defs>${gradient('g', hue, 46)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>` +
          decoration(random, w, h) +
          textLines(lines, {
            x: 56,
            y: h / 2 - (lines.length - 1) * 24,
            size: 34,
            lineHeight: 48,
            fill: '#fff',
            weight: 'bold',
          }) +
          textLines([image.subtitle], { x: 56, y: h - 40, size: 20, lineHeight: 0, fill: 'rgba(255,255,255,0.85)' }),
      );
    }
    case 'banner':
      return svg(
        w,
        h,
        image.title,
        `<defs>${gradient('g', hue, 48)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>` +
          decoration(random, w, h) +
          textLines([siteName], {
            x: 80,
            y: 80,
            size: 26,
            lineHeight: 0,
            fill: 'rgba(255,255,255,0.9)',
            weight: 'bold',
          }) +
          textLines([image.title], { x: 80, y: h / 2 + 20, size: 60, lineHeight: 0, fill: '#fff', weight: 'bold' }) +
          textLines(wrapText(image.subtitle, 36).slice(0, 2), {
            x: 80,
            y: h / 2 + 80,
            size: 26,
            lineHeight: 36,
            fill: 'rgba(255,255,255,0.9)',
          }),
      );
    case 'portrait':
      return svg(
        w,
        h,
        `${image.title} ${image.subtitle}`,
        `<rect width="${w}" height="${h}" fill="hsl(${hue},30%,92%)"/>` +
          `<circle cx="${w / 2}" cy="${h * 0.36}" r="${w * 0.2}" fill="hsl(${hue},18%,62%)"/>` +
          `<path d="M${w * 0.14} ${h * 0.84} Q${w * 0.16} ${h * 0.56} ${w / 2} ${h * 0.57} Q${w * 0.84} ${h * 0.56} ${w * 0.86} ${h * 0.84} Z" fill="hsl(${hue},18%,62%)"/>` +
          `<rect y="${h * 0.84}" width="${w}" height="${h * 0.16}" fill="hsl(${hue},45%,32%)"/>` +
          textLines([`${image.title}  ${image.subtitle}`], {
            x: w / 2,
            y: h * 0.93,
            size: 22,
            lineHeight: 0,
            fill: '#fff',
            anchor: 'middle',
          }),
      );
    case 'qr':
      return svg(w, h, image.title, qrPattern(random, w));
  }
}

/** A QR-style badge: three finder squares and a module field drawn from the name's hash. */
function qrPattern(random: Random, size: number): string {
  const modules = 25;
  const cell = Math.floor((size - 16) / modules);
  const offset = Math.floor((size - cell * modules) / 2);
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= modules - 8 && y < 8) || (x < 8 && y >= modules - 8);
  let cells = '';
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (inFinder(x, y) || !random.chance(0.5)) continue;
      cells += `<rect x="${offset + x * cell}" y="${offset + y * cell}" width="${cell}" height="${cell}"/>`;
    }
  }
  const finder = (fx: number, fy: number) => {
    const x = offset + fx * cell;
    const y = offset + fy * cell;
    return (
      `<rect x="${x}" y="${y}" width="${cell * 7}" height="${cell * 7}"/>` +
      `<rect x="${x + cell}" y="${y + cell}" width="${cell * 5}" height="${cell * 5}" fill="#fff"/>` +
      `<rect x="${x + cell * 2}" y="${y + cell * 2}" width="${cell * 3}" height="${cell * 3}"/>`
    );
  };
  return (
    `<rect width="${size}" height="${size}" fill="#fff"/><g fill="#1f2d3d">` +
    cells +
    finder(0, 0) +
    finder(modules - 7, 0) +
    finder(0, modules - 7) +
    `</g>`
  );
}

/** One page of a flipbook: 461x600, half of the 922x600 spread. */
export const FLIPBOOK_PAGE = { width: 461, height: 600 } as const;

export interface FlipbookPageSpec {
  bookTitle: string;
  pageNo: number;
  pageCount: number;
  heading: string;
  body: string;
}

/** Draws a flipbook page: covers in colour, inner pages as paper with a running head and a folio. */
export function renderFlipbookPage(page: FlipbookPageSpec): string {
  const { width: w, height: h } = FLIPBOOK_PAGE;
  const cover = page.pageNo === 1 || page.pageNo === page.pageCount;
  if (cover) {
    const random = new Random(seedOf(`${page.bookTitle}:${page.pageNo}`));
    const hue = page.pageNo === 1 ? 212 : 226;
    const heading = wrapText(page.heading, 11);
    return svg(
      w,
      h,
      page.heading,
      `<defs>${gradient('g', hue, 42)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>` +
        decoration(random, w, h) +
        `<rect x="24" y="24" width="${w - 48}" height="${h - 48}" fill="none" stroke="#fff" stroke-opacity="0.5"/>` +
        textLines(heading, {
          x: w / 2,
          y: 210,
          size: 34,
          lineHeight: 48,
          fill: '#fff',
          anchor: 'middle',
          weight: 'bold',
        }) +
        textLines(wrapText(page.body, 18), {
          x: w / 2,
          y: 240 + heading.length * 48,
          size: 18,
          lineHeight: 30,
          fill: 'rgba(255,255,255,0.9)',
          anchor: 'middle',
        }),
    );
  }
  const heading = wrapText(page.heading, 16);
  return svg(
    w,
    h,
    `${page.bookTitle} 第${page.pageNo}页`,
    `<rect width="${w}" height="${h}" fill="#fbf8f1"/>` +
      textLines([page.bookTitle], { x: w / 2, y: 40, size: 13, lineHeight: 0, fill: '#8c8c8c', anchor: 'middle' }) +
      `<line x1="36" y1="54" x2="${w - 36}" y2="54" stroke="#d9cbb0"/>` +
      textLines(heading, { x: 40, y: 104, size: 24, lineHeight: 34, fill: '#a8071a', weight: 'bold' }) +
      textLines(wrapText(page.body, 21), {
        x: 40,
        y: 120 + heading.length * 34 + 20,
        size: 17,
        lineHeight: 32,
        fill: '#262626',
      }) +
      textLines([`— ${page.pageNo} —`], {
        x: w / 2,
        y: h - 30,
        size: 14,
        lineHeight: 0,
        fill: '#8c8c8c',
        anchor: 'middle',
      }),
  );
}
