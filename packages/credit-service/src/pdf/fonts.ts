import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The CJK font of every generated PDF: Noto Sans SC (SIL Open Font License 1.1), as the npm
 * package @expo-google-fonts/noto-sans-sc ships it. pdfkit embeds only the glyphs a document
 * uses (a subset), so a report stays small although each TTF is about 10 MB.
 */
export const PDF_FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';

/** The names documents use with doc.font(). */
export const FONT_REGULAR = 'NotoSansSC-Regular';
export const FONT_BOLD = 'NotoSansSC-Bold';

const FILES = {
  [FONT_REGULAR]: '400Regular/NotoSansSC_400Regular.ttf',
  [FONT_BOLD]: '700Bold/NotoSansSC_700Bold.ttf',
} as const;

let cache: Readonly<Record<keyof typeof FILES, Buffer>> | undefined;

/** The font files, read once per process (reading 20 MB for every report would dominate its cost). */
export function pdfFonts(): Readonly<Record<keyof typeof FILES, Buffer>> {
  if (!cache) {
    const dir = path.dirname(createRequire(import.meta.url).resolve(`${PDF_FONT_PACKAGE}/package.json`));
    cache = {
      [FONT_REGULAR]: readFileSync(path.join(dir, FILES[FONT_REGULAR])),
      [FONT_BOLD]: readFileSync(path.join(dir, FILES[FONT_BOLD])),
    };
  }
  return cache;
}
