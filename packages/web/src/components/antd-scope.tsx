import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { RUNTIME_THEME } from '@/lib/antd-theme';

/**
 * Where antd's CSS-in-JS would put its <style> elements: a node never attached to the document.
 * With `zeroRuntime` and the build's style generators stubbed out, all that reaches it is the text
 * of the theme's CSS variables, which the static sheet already holds; nothing is injected.
 */
const styleSink = typeof document === 'undefined' ? undefined : document.createElement('div');

/**
 * antd's configuration — zh_CN, the portal's theme, its styles' sink — around what draws antd's
 * components: every page (route-kit's page()), the message and dialog host, the menu drawer and
 * the result panel. Not around the whole app: the frame and the home page draw antd's look with
 * its static sheets alone (components/lite/), and the first page loads none of antd's code. The
 * CSS variables come from the app's element (`cp-antd`), whichever scope draws.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <StyleProvider container={styleSink}>
      <ConfigProvider locale={zhCN} theme={RUNTIME_THEME}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}
