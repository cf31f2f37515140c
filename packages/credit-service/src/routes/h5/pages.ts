import { FOCUS_RULES, frameStyle, renderPage, TEXT_RULES } from '../../html/page.js';

/*
 * The look of the H5 app's few server-rendered pages (the face-verification stand-in, a dead
 * report link): the portal's blue header bar and a phone-wide column, as the app itself looks.
 */

const STYLE = frameStyle(
  {
    theme: '#0b4ea2',
    column: { width: 480, margin: 24, padding: 20 },
    heading: { size: 20, gap: 12, colour: '#083b7c' },
    edgeToEdgeBelow: 520,
  },
  `${TEXT_RULES}${FOCUS_RULES}
  label { display: block; margin: 14px 0 4px; }
  input[type=text] { box-sizing: border-box; width: 100%; padding: 10px; font-size: 16px; border: 1px solid #b8c2d0; border-radius: 6px; }
  .consent { display: flex; gap: 8px; align-items: flex-start; margin-top: 16px; }
  .consent input { margin-top: 6px; }
  button, a.button { display: block; box-sizing: border-box; width: 100%; margin-top: 20px; padding: 12px; color: #fff; background: #0b4ea2; border: 0; border-radius: 6px; font-size: 17px; text-align: center; text-decoration: none; cursor: pointer; }
  button:disabled { opacity: 0.6; cursor: progress; }
  .demo { padding: 8px 12px; background: #f0f7ff; border: 1px dashed #91caff; border-radius: 6px; font-size: 14px; }
`,
);

/** A page of the H5 app served by this service: `section` names it in the header bar (after the site's name). */
export const h5Page = (siteName: string, section: string, title: string, body: string): string =>
  renderPage({ title, site: siteName, header: `${siteName} · ${section}`, style: STYLE, body });
