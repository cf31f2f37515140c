import { createRequire } from 'node:module';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { theme } from 'antd';
// The browser's antd: its ES modules, the provider and the context from the same build of them.
import ConfigProvider from 'antd/es/config-provider';
import { DesignTokenContext } from 'antd/es/theme/context';
import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { token2CSSVar } from '@ant-design/cssinjs';
import { builtTokens, tokenContextKey, varToken } from '../../build/antd-static-style';
import { RUNTIME_THEME } from '@/lib/antd-theme';

/*
 * The browser build answers antd's token hook from tokens computed at build time when it is asked
 * under the app's ConfigProvider (build/antd-static-style.ts). The answer must be antd's own, and
 * the browser's antd (its ES modules) must see the very context the build keyed it by: else every
 * page computes the tokens again (a silent loss on a slow phone) or, worse, gets other tokens.
 */
const built = builtTokens(createRequire(join(import.meta.dirname, '..', '..', 'package.json')));

describe("antd's tokens built at build time", () => {
  it("are the ones antd derives from the app's theme", () => {
    const derived = theme.getDesignToken(RUNTIME_THEME);
    const real = built.realToken as Record<string, unknown>;
    for (const key of [
      'colorPrimary',
      'colorText',
      'fontSize',
      'controlHeight',
      'zIndexPopupBase',
      'screenMD',
      'motionDurationMid',
    ]) {
      expect(real[key], key).toEqual(derived[key as keyof typeof derived]);
    }
    expect(real.colorPrimary).toBe('#0b4ea2');
    // The token components read holds CSS variables of the build's sheet, not values.
    expect((built.token as Record<string, unknown>).colorPrimary).toMatch(/^var\(--ant-color-primary/);
  });

  it('travel as the real tokens alone: the browser makes the CSS-variable ones as antd does', () => {
    expect(varToken(built.realToken, built.derivation, token2CSSVar)).toEqual(built.token);
    // The breakpoints stay numbers (antd's responsive hooks compute with them).
    expect(built.derivation.kept).toContain('screenMD');
    expect(varToken(built.realToken, built.derivation, token2CSSVar).screenMD).toBe(768);
  });

  it("are keyed by the context the browser's antd gives under the app's ConfigProvider, and by no other", () => {
    const seen: string[] = [];
    function Probe() {
      seen.push(tokenContextKey(useContext(DesignTokenContext)));
      return null;
    }
    render(
      <>
        <ConfigProvider theme={RUNTIME_THEME}>
          <Probe />
        </ConfigProvider>
        <ConfigProvider theme={{ ...RUNTIME_THEME, token: { ...RUNTIME_THEME.token, colorPrimary: '#ff0000' } }}>
          <Probe />
        </ConfigProvider>
        <Probe />
      </>,
    );
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBe(built.context);
    expect(seen.slice(1)).not.toContain(built.context);
  });
});
