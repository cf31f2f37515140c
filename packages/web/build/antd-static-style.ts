import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as AntdModule from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { parseAst, type Plugin } from 'vite';
import { isDeepStrictEqual } from 'node:util';
import { ANTD_CSS_VAR_KEY, buildTheme, RUNTIME_THEME } from '../src/lib/antd-theme.ts';

/*
 * antd without run-time styles. antd 6 writes its component styles at run time
 * (CSS-in-JS: each component serialises its style objects and injects a <style> on first render,
 * and again for every new theme). Here the styles are made once, at build time, as plain style
 * sheets, and the browser's antd runs with `zeroRuntime` and without its style generators:
 *
 * - Every antd component the SPA imports (found in src/) is rendered in Node inside
 *   @ant-design/cssinjs's extraction cache with the portal's theme, the design tokens as CSS
 *   variables (`--ant-*`), and cut into sheets: `virtual:antd.css` (the tokens, antd's shared
 *   reset, the icons' style), imported first by main.tsx, and one `virtual:antd-style/<hook>.css`
 *   per style hook (Button-Button, Input-TextArea, …), imported on the first line of each source
 *   file that imports the components needing it: a page's CSS carries the antd styles it uses, in
 *   the order antd injected them, before the file's own CSS module (as antd's styles came first).
 * - 长者模式 is the same render with the elder theme, reduced to the variables that differ, under
 *   `html.elder-mode`: switching the mode is a class on <html>, with no style made or injected.
 * - In the browser build antd's `theme/util/genStyleUtils` is replaced by hooks that return the
 *   class names without generating anything (what `zeroRuntime` does at run time, minus the code),
 *   and the calls that make the style hooks lose their arguments: the style functions of every
 *   component drop out of the bundle.
 */

const VIRTUAL_ID = 'virtual:antd.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}.css`;

/** antd's browser modules replaced by the stubs below. */
const STYLE_UTILS = /[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/;
const RESET_ICON_STYLE = /[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]useResetIconStyle\.js$/;
/** antd's token hook, which the browser build answers from the tokens computed here (see builtTokenHook). */
const USE_TOKEN = /[\\/]antd[\\/]es[\\/]theme[\\/]useToken\.js$/;

/** The style-hook factories whose arguments (the style functions) are dropped from antd's modules. */
const FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
const ANTD_ES = /[\\/]antd[\\/]es[\\/].*\.js$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function* calls(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* calls(child);
    return;
  }
  const current = node as Node;
  if (current.type === 'CallExpression') yield current;
  for (const [key, value] of Object.entries(current)) {
    if (key !== 'type' && value && typeof value === 'object') yield* calls(value);
  }
}

/**
 * `genStyleHooks('Button', genStyle, prepareToken, …)` → `genStyleHooks()`: the stub ignores its
 * arguments, and without them nothing references the style functions, which then drop out.
 */
export function dropStyleArguments(code: string): string {
  if (![...FACTORIES].some((name) => code.includes(`${name}(`))) return code;
  const edits: [number, number][] = [];
  for (const call of calls(parseAst(code))) {
    const callee = call.callee as Node;
    if (callee.type === 'Identifier' && FACTORIES.has(callee.name as string) && (call.arguments as Node[]).length > 0) {
      edits.push([callee.end, call.end]);
    }
  }
  // A call inside another's arguments goes with them; the rest from the end, so that earlier
  // offsets stay right.
  const outer = edits.filter(([from, to]) => !edits.some(([f, t]) => f < from && to <= t));
  let out = code;
  for (const [from, to] of outer.sort((a, b) => b[0] - a[0])) {
    if (out.slice(from, to).startsWith('(')) out = `${out.slice(0, from)}()${out.slice(to)}`;
  }
  return out;
}

/**
 * Two imports of antd's that bring more than they use into every page (the frame's ConfigProvider
 * imports both): the form context takes rc-form's FormProvider from its index, which keeps the
 * whole of rc-form with its validator (≈ 40 kB); the ConfigProvider imports the tooltip's
 * UniqueProvider (rc-trigger, ≈ 25 kB) for `tooltip.unique`, which the portal never sets. Each
 * rewrite must find its text: after an antd upgrade, the build says so instead of silently
 * keeping the bytes.
 */
const IMPORT_REWRITES: { file: RegExp; from: string; to: string }[] = [
  {
    file: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  {
    file: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    from: "import UniqueProvider from '../tooltip/UniqueProvider';",
    to: '/* tooltip.unique is never set (build/antd-static-style.ts) */ const UniqueProvider = ({ children }) => children;',
  },
];

/** The style hooks without the styles: the hashed class (none: `hashed: false`) and the CSS-variable class. */
const STYLE_UTILS_STUB = `
import { useContext } from 'react';
import { DesignTokenContext } from '../context';
// Outside the portal's antd scope (src/components/antd-scope.tsx) a component would get antd's default
// theme, computed and injected at run time, and English texts: said once per page, as an error.
let told = false;
const useCssVarKey = () => {
  const key = useContext(DesignTokenContext).cssVar?.key;
  if (key === undefined && !told) {
    told = true;
    console.error('antd: a component is drawn outside AntdScope (src/components/antd-scope.tsx)');
  }
  return key ?? 'css-var-root';
};
export const genStyleHooks = () => () => ['', useCssVarKey()];
export const genComponentStyleHook = () => () => '';
export const genSubStyleComponent = () => () => null;
export const genCssVar = (antCls, component) => {
  const cssPrefix = \`--\${antCls.replace(/\\./g, '')}-\${component}-\`;
  const varName = (name) => \`\${cssPrefix}\${name}\`;
  const varRef = (name, fallback) => (fallback ? \`var(\${cssPrefix}\${name}, \${fallback})\` : \`var(\${cssPrefix}\${name})\`);
  return [varName, varRef];
};
`;

type Antd = typeof AntdModule;
type H = (type: unknown, props?: object | null, ...children: ReactNode[]) => ReactNode;

/**
 * What to render for each antd export the SPA imports, so that every style it can need is made:
 * sub-components and the parts that show only when open (antd's pure panels). An import without
 * an entry fails the build: add it here.
 */
const RENDERINGS: Record<string, (antd: Antd, h: H) => ReactNode[]> = {
  App: ({ App }, h) => [h(App, null, 'x')],
  Alert: ({ Alert }, h) => [
    h(Alert, { type: 'info', title: 'x', showIcon: true }),
    h(Alert, { type: 'error', title: 'x', description: 'x' }),
  ],
  Button: ({ Button }, h) => [
    h(Button, { type: 'primary' }, 'x'),
    h(Button, { type: 'link', loading: true }, 'x'),
    h(Button, null, 'x'),
  ],
  Checkbox: ({ Checkbox }, h) => [h(Checkbox, { checked: true }, 'x'), h(Checkbox, null, 'x')],
  Col: ({ Row, Col }, h) => [h(Row, { gutter: 16 }, h(Col, { span: 12, md: 8 }, 'x'))],
  Collapse: ({ Collapse }, h) => [
    h(Collapse, { items: [{ key: '1', label: 'x', children: 'x' }], defaultActiveKey: ['1'] }),
  ],
  ConfigProvider: () => [],
  DatePicker: ({ DatePicker }, h) => [
    h(DatePicker),
    h(DatePicker.RangePicker),
    h(DatePicker._InternalPanelDoNotUseOrYouWillBeFired),
    h(DatePicker._InternalRangePanelDoNotUseOrYouWillBeFired),
  ],
  Descriptions: ({ Descriptions }, h) => [
    h(Descriptions, { bordered: true, items: [{ key: '1', label: 'x', children: 'x' }] }),
    h(Descriptions, { items: [{ key: '1', label: 'x', children: 'x' }] }),
  ],
  Drawer: ({ Drawer }, h) => [h(Drawer, { open: false })],
  Empty: ({ Empty }, h) => [h(Empty), h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE })],
  Form: ({ Form, Input }, h) => [
    h(
      Form,
      { layout: 'vertical' },
      h(
        Form.Item,
        { label: 'x', name: 'a', required: true, help: 'x', validateStatus: 'error', hasFeedback: true },
        h(Input),
      ),
      h(Form.Item, { label: 'x', name: 'b', extra: 'x' }, h(Input)),
    ),
  ],
  Grid: () => [],
  'Input (bare)': ({ Input }, h) => [h(Input, { allowClear: true, prefix: 'x' })],
  Input: ({ Input }, h) => [
    h(Input, { allowClear: true, prefix: 'x' }),
    h(Input.Password),
    h(Input.Search, { enterButton: true }),
    h(Input.TextArea, { showCount: true, maxLength: 10 }),
  ],
  Modal: ({ Modal }, h) => [
    h(Modal, { open: false }),
    h(Modal._InternalPanelDoNotUseOrYouWillBeFired, { title: 'x' }, 'x'),
    h(Modal._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm', title: 'x' }, 'x'),
  ],
  message: ({ message }, h) => [
    h(message._InternalPanelDoNotUseOrYouWillBeFired, { type: 'success', content: 'x' }),
    h(message._InternalPanelDoNotUseOrYouWillBeFired, { type: 'error', content: 'x' }),
  ],
  Pagination: ({ Pagination }, h) => [
    h(Pagination, { total: 500, showQuickJumper: true }),
    h(Pagination, { total: 50, simple: true }),
  ],
  Popover: ({ Popover }, h) => [h(Popover._InternalPanelDoNotUseOrYouWillBeFired, { title: 'x', content: 'x' })],
  Radio: ({ Radio }, h) => [
    h(Radio.Group, { options: ['a', 'b'], value: 'a' }),
    h(Radio.Group, { options: ['a', 'b'], value: 'a', optionType: 'button', buttonStyle: 'solid' }),
  ],
  Result: ({ Result }, h) => [h(Result, { status: 'success', title: 'x', subTitle: 'x', extra: 'x' })],
  Row: ({ Row, Col }, h) => [h(Row, { gutter: 16 }, h(Col, { span: 12 }, 'x'))],
  Select: ({ Select }, h) => [
    h(Select, { options: [{ value: 'a', label: 'a' }], allowClear: true }),
    h(Select._InternalPanelDoNotUseOrYouWillBeFired, { options: [{ value: 'a', label: 'a' }] }),
  ],
  Skeleton: ({ Skeleton }, h) => [h(Skeleton, { active: true }), h(Skeleton.Button, { active: true })],
  Space: ({ Space, Button }, h) => [h(Space, { wrap: true }, 'x', 'y'), h(Space.Compact, null, h(Button, null, 'x'))],
  Spin: ({ Spin }, h) => [h(Spin), h(Spin, { size: 'large', description: 'x' }), h(Spin, { spinning: true }, 'x')],
  Steps: ({ Steps }, h) => [h(Steps, { current: 1, items: [{ title: 'a' }, { title: 'b' }] })],
  Switch: ({ Switch }, h) => [h(Switch, { checked: true }), h(Switch, { size: 'small' })],
  Table: ({ Table }, h) => [
    h(Table, {
      columns: [{ title: 'x', dataIndex: 'x', key: 'x' }],
      dataSource: [{ key: '1', x: 'x' }],
      pagination: { pageSize: 1, total: 2 },
      bordered: true,
    }),
    h(Table, { columns: [{ title: 'x', dataIndex: 'x' }], dataSource: [], loading: true }),
  ],
  Tabs: ({ Tabs }, h) => [
    h(Tabs, { items: [{ key: '1', label: 'x', children: 'x' }] }),
    h(Tabs, { type: 'card', items: [{ key: '1', label: 'x', children: 'x' }] }),
  ],
  Tag: ({ Tag }, h) => [
    h(Tag, null, 'x'),
    h(Tag, { color: 'blue' }, 'x'),
    h(Tag, { color: 'success', variant: 'solid' }, 'x'),
  ],
  Timeline: ({ Timeline }, h) => [h(Timeline, { items: [{ content: 'x' }, { content: 'y', color: 'red' }] })],
  Typography: ({ Typography }, h) => [
    h(Typography.Title, { level: 3 }, 'x'),
    h(Typography.Paragraph, { type: 'secondary', copyable: true }, 'x'),
    h(Typography.Text, { strong: true }, 'x'),
    h(Typography.Link, null, 'x'),
  ],
  Upload: ({ Upload }, h) => [
    h(Upload, {
      listType: 'picture-card',
      fileList: [
        { uid: '1', name: 'x.png', status: 'done' },
        { uid: '2', name: 'y.png', status: 'uploading', percent: 50 },
        { uid: '3', name: 'z.png', status: 'error' },
      ],
    }),
    h(Upload, { fileList: [{ uid: '1', name: 'x.pdf', status: 'done' }] }),
    h(Upload.Dragger, null, 'x'),
  ],
};

/** Import paths of antd component files → what to render for them (a key of RENDERINGS). */
const DEEP_IMPORTS: Record<string, string> = { 'antd/es/input/Input': 'Input (bare)' };

/**
 * `import 'virtual:antd-look/<Name>'`: the file draws antd's component with antd's markup and no
 * antd script (src/components/lite/), and needs only the component's sheets. The module itself is
 * empty; the import counts as an import of the component (what to render for it: LOOKS).
 */
const LOOK_PREFIX = 'virtual:antd-look/';
const LOOKS: Record<string, string> = {
  Button: 'Button',
  Collapse: 'Collapse',
  Descriptions: 'Descriptions',
  Empty: 'Empty',
  Input: 'Input (bare)',
  Pagination: 'Pagination',
  Skeleton: 'Skeleton',
  Space: 'Space',
  Spin: 'Spin',
  Switch: 'Switch',
  Tabs: 'Tabs',
  Tag: 'Tag',
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []);
    }),
  );
  return nested.flat();
}

/** The antd exports the SPA's sources import (values only, not types). */
export async function antdImports(srcDir: string): Promise<string[]> {
  const names = new Set<string>();
  for (const file of await sourceFiles(srcDir)) {
    for (const name of importedNames(await readFile(file, 'utf8'))) names.add(name);
  }
  return [...names].sort();
}

/** One rule of a flat style sheet: its selector (with any at-rule prelude) and its body. */
interface Rule {
  selector: string;
  body: string;
}

/** Splits the top-level rules of a style sheet (nested blocks, e.g. @media, kept whole in `body`). */
function rules(css: string): Rule[] {
  const found: Rule[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (char === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        found.push({ selector: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return found;
}

const declarations = (body: string): Map<string, string> =>
  new Map(
    body
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const colon = part.indexOf(':');
        return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()] as [string, string];
      }),
  );

/**
 * The 长者模式 sheet: the rules of the elder render that differ from the normal one. Rules that
 * set only custom properties (the tokens) keep just the changed properties; they and any other
 * changed rule are scoped under html.elder-mode (more specific than the base rule, which follows
 * nothing else). Throws on a rule of one render that the other lacks: the two must differ in
 * values only.
 */
export function elderOverrides(normalCss: string, elderCss: string): string {
  const normal = rules(normalCss);
  const elder = rules(elderCss);
  if (normal.length !== elder.length) {
    throw new Error(`antd static style: the elder render has ${elder.length} rules, the normal one ${normal.length}`);
  }
  const out: string[] = [];
  normal.forEach((rule, index) => {
    const other = elder[index]!;
    if (other.selector !== rule.selector) {
      throw new Error(`antd static style: rule ${index} is ${rule.selector} normally, ${other.selector} in 长者模式`);
    }
    if (other.body === rule.body) return;
    if (rule.selector.startsWith('@')) {
      throw new Error(`antd static style: ${rule.selector} differs in 长者模式 (an at-rule cannot be scoped here)`);
    }
    const before = declarations(rule.body);
    const after = declarations(other.body);
    const changed = [...after].filter(([name, value]) => before.get(name) !== value);
    const scoped = rule.selector
      .split(',')
      .map((selector) => `html.elder-mode ${selector.trim()}`)
      .join(',');
    out.push(`${scoped}{${changed.map(([name, value]) => `${name}:${value}`).join(';')}}`);
  });
  return out.join('\n');
}

interface Cssinjs {
  createCache: () => { cache: Map<string, unknown> };
  extractStyle: (cache: unknown, options: { plain: boolean; types: string[] }) => string;
  StyleProvider: ComponentType<Record<string, unknown>>;
}

/** The sheet of the portal's base: the design tokens, antd's shared reset and the icons' style. */
const BASE = 'base';

/**
 * The sheet a cache entry belongs to, and its key without the theme's hash (so that the entries of
 * the normal and the elder render pair up): one sheet per style hook (`style%%Input-TextArea%…` →
 * Input-TextArea), the component variables of a component in one (`cssVar%Input%…` → Input-vars),
 * the tokens and the shared styles in the base.
 */
function classify(key: string): { sheet: string; id: string } {
  const [kind, ...path] = key.split('%');
  if (kind === 'token') return { sheet: BASE, id: 'token' };
  if (kind === 'cssVar') return { sheet: `${path[0]!}-vars`, id: `cssVar%${path.slice(0, -1).join('%')}` };
  const hook = path[1]!;
  const sheet = hook === 'Shared' || hook === 'ant-design-icons' ? BASE : hook;
  return { sheet, id: key };
}

/** A render of antd elements in Node, inside an extraction cache: each entry's style sheet, in order. */
function render(
  require: NodeJS.Require,
  children: readonly ReactNode[],
  elderMode: boolean,
): { sheet: string; id: string; css: string }[] {
  const antd = require('antd') as Antd;
  const { createElement } = require('react') as { createElement: H };
  const { renderToString } = require('react-dom/server') as { renderToString: (node: ReactNode) => string };
  const cssinjs = require('@ant-design/cssinjs') as Cssinjs;
  const cache = cssinjs.createCache();
  renderToString(
    createElement(
      cssinjs.StyleProvider,
      { cache },
      createElement(
        antd.ConfigProvider,
        { theme: { ...buildTheme(elderMode), hashed: false, cssVar: { key: ANTD_CSS_VAR_KEY } } },
        ...children,
      ),
    ),
  );
  const entries: { sheet: string; id: string; css: string }[] = [];
  for (const key of cache.cache.keys()) {
    if (!/^(style|token|cssVar)%/.test(key)) continue;
    // The pure panels' own themes (their CSS-variable class comes from useId, `css-var-_R_…_`)
    // never appear in the browser.
    if (/%css-var-_/.test(key)) continue;
    const single = { ...cache, cache: new Map([[key, cache.cache.get(key)]]), extracted: new Set() };
    const css = rules(cssinjs.extractStyle(single, { plain: true, types: ['style', 'token', 'cssVar'] }))
      .filter((rule) => !rule.selector.includes('data-ant-cssinjs-cache-path') && !/\bcss-var-_/.test(rule.selector))
      .map((rule) => `${rule.selector}{${rule.body}}`)
      .join('\n');
    if (css) entries.push({ ...classify(key), css });
  }
  return entries;
}

/** The static sheets: one per antd style group (and the base), and which groups each antd import needs, in order. */
export interface AntdSheets {
  sheets: Map<string, string>;
  needs: Map<string, string[]>;
  version: string;
  /** antd's tokens for the app's ConfigProvider (RUNTIME_THEME), as its token hook computes them. */
  tokens: BuiltTokens;
}

/** What antd's token hook returns for RUNTIME_THEME, and the context it returns it for. */
export interface BuiltTokens {
  /** The design-token context of the app's ConfigProvider, as a string: token, override, hashed, cssVar. */
  context: string;
  /** The tokens' values. */
  realToken: Record<string, unknown>;
  /** What components read: the values as CSS variables (`var(--ant-…)`), save a few kept or dropped. */
  token: Record<string, unknown>;
  /** How `token` comes from `realToken` (varToken): the kept and the dropped keys, the hash and the prefix. */
  derivation: { kept: string[]; dropped: string[]; hashId: unknown; prefix: string };
}

/**
 * The token components read, made from the real one as antd's transformToken makes it: each value
 * a CSS variable, but the keys antd keeps as values (breakpoints) and those it leaves out. Runs in
 * the browser too (builtTokenHook), so only half the tokens travel; the build checks it gives
 * antd's own answer.
 */
export function varToken(
  realToken: Record<string, unknown>,
  { kept, dropped, hashId, prefix }: BuiltTokens['derivation'],
  cssVarName: (key: string, prefix: string) => string,
): Record<string, unknown> {
  const token: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(realToken)) {
    if (dropped.includes(key)) continue;
    token[key] = kept.includes(key) ? value : `var(${cssVarName(key, prefix)})`;
  }
  token._hashId = hashId;
  return token;
}

/** The context of the token hook as a string (the same function runs in the browser, see builtTokenHook). */
export function tokenContextKey(context: {
  token?: unknown;
  override?: unknown;
  hashed?: unknown;
  cssVar?: unknown;
}): string {
  return JSON.stringify([
    context.token ?? null,
    context.override ?? null,
    context.hashed ?? null,
    context.cssVar ?? null,
  ]);
}

/**
 * antd derives some 500 tokens from the theme's few and writes each as a CSS variable, once per
 * page load, on the first render (≈ 250 ms of a slow phone's main thread in one piece).
 * The app's theme is fixed, so it is done here: the app's ConfigProvider rendered in Node with
 * RUNTIME_THEME and antd's own hook, whose answer the browser's hook returns when it is asked
 * under that same context (anything else, say a static message outside the app, computes as before).
 */
export function builtTokens(require: NodeJS.Require): BuiltTokens {
  const antd = require('antd') as Antd;
  const { createElement, useContext } = require('react') as {
    createElement: H;
    useContext: (context: unknown) => Record<string, unknown>;
  };
  const { renderToString } = require('react-dom/server') as { renderToString: (node: ReactNode) => string };
  const useToken = (require('antd/lib/theme/useToken') as { default: () => unknown[] }).default;
  const { DesignTokenContext } = require('antd/lib/theme/context') as { DesignTokenContext: unknown };
  const { token2CSSVar } = require('@ant-design/cssinjs') as { token2CSSVar: (key: string, prefix: string) => string };
  let captured: Omit<BuiltTokens, 'derivation'> & { prefix: string } = {
    context: '',
    realToken: {},
    token: {},
    prefix: '',
  };
  const Probe = () => {
    const [, realToken, , token, cssVar] = useToken() as [
      unknown,
      BuiltTokens['realToken'],
      unknown,
      BuiltTokens['token'],
      { prefix: string },
    ];
    captured = { context: tokenContextKey(useContext(DesignTokenContext)), realToken, token, prefix: cssVar.prefix };
    return null;
  };
  renderToString(createElement(antd.ConfigProvider, { theme: RUNTIME_THEME }, createElement(Probe)));
  const { context, realToken, token, prefix } = captured;
  if (!context) throw new Error('antd static style: the token probe did not render');
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(realToken)), realToken)) {
    throw new Error('antd static style: antd tokens no longer survive JSON; the built token hook cannot carry them');
  }
  const derivation = {
    kept: Object.keys(token).filter((key) => key !== '_hashId' && token[key] !== `var(${token2CSSVar(key, prefix)})`),
    dropped: Object.keys(realToken).filter((key) => !(key in token)),
    hashId: token._hashId,
    prefix,
  };
  if (!isDeepStrictEqual(varToken(realToken, derivation, token2CSSVar), token)) {
    throw new Error("antd static style: antd's token is no longer its real token as CSS variables (varToken)");
  }
  return { context, realToken, token, derivation };
}

/**
 * antd's es/theme/useToken.js for the browser: the original hook renamed, and a default export
 * that returns the tokens built above when the context is the app's, without computing anything.
 */
function builtTokenHook(code: string, tokens: BuiltTokens): string {
  const original = 'export default function useToken() {';
  if (!code.includes(original)) throw new Error(`antd static style: antd's useToken.js no longer has ${original}`);
  return `${code.replace(original, 'function computeToken() {')}
import { token2CSSVar } from '@ant-design/cssinjs';
const BUILT_CONTEXT = ${JSON.stringify(tokens.context)};
const BUILT_REAL_TOKEN = ${JSON.stringify(tokens.realToken)};
const BUILT_DERIVATION = ${JSON.stringify(tokens.derivation)};
const contextKey = ${tokenContextKey.toString()};
const varToken = ${varToken.toString()};
let builtToken;
export default function useToken() {
  const context = React.useContext(DesignTokenContext);
  if ((context.theme ?? defaultTheme) !== defaultTheme || contextKey(context) !== BUILT_CONTEXT) return computeToken();
  const { getPrefixCls } = React.useContext(ConfigContext);
  const cssVar = { prefix: context.cssVar?.prefix ?? getPrefixCls(), key: context.cssVar?.key ?? 'css-var-root' };
  if (cssVar.prefix !== BUILT_DERIVATION.prefix) return computeToken();
  builtToken ??= varToken(BUILT_REAL_TOKEN, BUILT_DERIVATION, token2CSSVar);
  return [defaultTheme, BUILT_REAL_TOKEN, '', builtToken, cssVar, !!context.zeroRuntime];
}
`;
}

/** Makes the sheets for the antd components the SPA imports: the normal theme, then the 长者模式 variables. */
export async function antdStaticSheets(webDir: string): Promise<AntdSheets> {
  const require = createRequire(join(webDir, 'package.json'));
  const antd = require('antd') as Antd;
  const { createElement } = require('react') as { createElement: H };
  const names = await antdImports(join(webDir, 'src'));
  const renderings = new Map(
    names.map((name) => {
      const rendering = RENDERINGS[name];
      if (!rendering) {
        throw new Error(
          `antd static style: the SPA imports antd's ${name}; add what to render for it to RENDERINGS in build/antd-static-style.ts`,
        );
      }
      return [name, rendering(antd, createElement)] as const;
    }),
  );
  const all = [...renderings.values()].flat();
  const normal = render(require, all, false);
  const elder = new Map(render(require, all, true).map((entry) => [entry.id, entry.css]));
  const parts = new Map<string, { normal: string[]; elder: string[] }>();
  const seen = new Set<string>();
  for (const entry of normal) {
    if (seen.has(entry.css)) continue;
    seen.add(entry.css);
    const elderCss = elder.get(entry.id);
    if (elderCss === undefined) throw new Error(`antd static style: ${entry.id} has no 长者模式 counterpart`);
    const part = parts.get(entry.sheet) ?? { normal: [], elder: [] };
    part.normal.push(entry.css);
    part.elder.push(elderOverrides(entry.css, elderCss));
    parts.set(entry.sheet, part);
  }
  const icons = (require('@ant-design/icons/lib/renderUtils') as { iconStyles: string }).iconStyles;
  const sheets = new Map(
    [...parts].map(([sheet, part]) => [
      sheet,
      [...(sheet === BASE ? [icons] : []), ...part.normal, ...part.elder.filter(Boolean)].join('\n'),
    ]),
  );
  const needs = new Map(
    [...renderings].map(([name, children]) => [
      name,
      [...new Set(render(require, children, false).map((entry) => entry.sheet))].filter((sheet) => sheet !== BASE),
    ]),
  );
  return {
    sheets,
    needs,
    version: (require('antd/package.json') as { version: string }).version,
    tokens: builtTokens(require),
  };
}

const SHEET_PREFIX = 'virtual:antd-style/';

/** The value imports of antd in a source file (`import { Button, Input } from 'antd'`, and the deep ones). */
function importedNames(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd'/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  for (const [path, name] of Object.entries(DEEP_IMPORTS)) {
    if (code.includes(`'${path}'`)) names.push(name);
  }
  for (const match of code.matchAll(/import\s+'virtual:antd-look\/([^']+)'/g)) {
    const name = LOOKS[match[1]!];
    if (!name)
      throw new Error(`antd static style: no look named ${match[1]!}; add it to LOOKS in build/antd-static-style.ts`);
    names.push(name);
  }
  return names;
}

/**
 * The Vite plugin. `import 'virtual:antd.css'` (main.tsx) is the base sheet; every source file
 * that imports antd components gets, on its first line, the imports of their sheets
 * (`virtual:antd-style/<Group>.css`), so each page's CSS carries the antd styles it uses and the
 * first page only the frame's. In the browser build antd's style generators are stubbed out and
 * their arguments dropped (see above). Not in tests: jsdom renders no styles, and antd's own
 * hooks stay under test there.
 */
export function antdStaticStyle(webDir: string): Plugin {
  let made: Promise<AntdSheets> | undefined;
  const sheets = () => (made ??= antdStaticSheets(webDir));
  const srcDir = join(webDir, 'src');
  return {
    name: 'credit-portal:antd-static-style',
    enforce: 'pre',
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      if (id.startsWith(SHEET_PREFIX) || id.startsWith(LOOK_PREFIX)) return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (id === RESOLVED_ID) {
        const { sheets: all, version } = await sheets();
        return `/* antd ${version}, made at build time (build/antd-static-style.ts) */\n${all.get(BASE) ?? ''}`;
      }
      if (id.startsWith(`\0${LOOK_PREFIX}`)) return 'export {};';
      if (id.startsWith(`\0${SHEET_PREFIX}`)) {
        const group = id.slice(`\0${SHEET_PREFIX}`.length).replace(/\.css$/, '');
        return (await sheets()).sheets.get(group) ?? '';
      }
      if (process.env.VITEST) return undefined;
      if (STYLE_UTILS.test(id)) return STYLE_UTILS_STUB;
      if (RESET_ICON_STYLE.test(id)) return 'export default () => undefined;';
      return undefined;
    },
    async transform(code, id) {
      if (process.env.VITEST) return undefined;
      if (id.startsWith(srcDir) && /\.tsx?$/.test(id)) {
        const names = importedNames(code);
        if (names.length === 0) return undefined;
        const { needs } = await sheets();
        const groups = [...new Set(names.flatMap((name) => needs.get(name) ?? []))];
        if (groups.length === 0) return undefined;
        // On the first line, before the file's own imports (its CSS module comes after antd's, as
        // antd's run-time styles came first), and without moving any line (source maps).
        return { code: groups.map((group) => `import '${SHEET_PREFIX}${group}.css';`).join(' ') + code, map: null };
      }
      if (!ANTD_ES.test(id) || STYLE_UTILS.test(id)) return undefined;
      if (USE_TOKEN.test(id)) return { code: builtTokenHook(code, (await sheets()).tokens), map: null };
      let out = dropStyleArguments(code);
      for (const rewrite of IMPORT_REWRITES.filter((candidate) => candidate.file.test(id))) {
        if (!out.includes(rewrite.from)) throw new Error(`antd import rewrite: ${id} no longer has ${rewrite.from}`);
        out = out.replace(rewrite.from, rewrite.to);
      }
      return out === code ? undefined : { code: out, map: null };
    },
  };
}
