import type { ThemeConfig } from 'antd';

/** Chinese UI fonts first; no web fonts are downloaded (no external requests). */
export const FONT_STACK =
  "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Hiragino Sans GB', sans-serif";

/**
 * The class antd puts on every component's root, which scopes its CSS variables (the design
 * tokens): fixed, so the build-time style sheet (build/antd-static-style.ts) and the browser agree.
 */
export const ANTD_CSS_VAR_KEY = 'cp-antd';

/**
 * The antd theme: a government deep blue on white cards. The elder-friendly mode (长者模式)
 * raises the base type size from 16 to 20 px and darkens text and the primary colour.
 * Keep in step with the CSS variables of src/styles/global.css.
 */
export function buildTheme(elderMode: boolean): ThemeConfig {
  const primary = elderMode ? '#003a8c' : '#0b4ea2';
  return {
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      colorError: '#c9302c',
      colorText: elderMode ? '#000000' : '#1f2329',
      colorTextSecondary: elderMode ? '#1f1f1f' : '#4e5969',
      colorTextTertiary: elderMode ? '#333333' : '#5f6b7a',
      colorTextDescription: elderMode ? '#333333' : '#5f6b7a',
      colorBorder: elderMode ? '#8c99ab' : '#d0d7e2',
      colorBgLayout: '#f2f5f9',
      fontFamily: FONT_STACK,
      fontSize: elderMode ? 20 : 16,
      // 长者模式: lines of at least 1.5 (antd would derive 1.4 from the 20 px type).
      ...(elderMode ? { lineHeight: 1.6 } : {}),
      borderRadius: 6,
      controlHeight: elderMode ? 44 : 36,
    },
    components: {
      Pagination: { itemSize: elderMode ? 40 : 34 },
    },
  };
}

/**
 * What the app's ConfigProvider gets: one theme for both modes. antd makes no style at run time
 * (`zeroRuntime`; its styles, with the 长者模式 variables under html.elder-mode, are the build's
 * `virtual:antd.css`), so 长者模式 is the class on <html> alone. The tokens antd computes here serve
 * only its script (breakpoints, z-indexes), which are the same in both modes.
 */
export const RUNTIME_THEME: ThemeConfig = {
  ...buildTheme(false),
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: ANTD_CSS_VAR_KEY },
};
