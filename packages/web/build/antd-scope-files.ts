import type { Plugin } from 'vite';

/** The source module of antd's configuration, which every page but the plain ones loads (route-kit's page()). */
const ANTD_SCOPE_MODULE = /[\\/]src[\\/]components[\\/]antd-scope\.tsx$/;

/**
 * The script files antd's scope (src/components/antd-scope.tsx) adds to what the entry loads,
 * named in index.html (`<meta name="credit-portal:antd-scope">`): public/frame.js preloads them
 * beside the entry when the address opens a page that needs them, instead of after the entry has
 * run.
 */
export function antdScopeFiles(): Plugin {
  return {
    name: 'credit-portal:antd-scope-files',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const scope = chunks.find((output) => output.facadeModuleId && ANTD_SCOPE_MODULE.test(output.facadeModuleId));
        if (!scope) throw new Error('antd-scope-files: no chunk of src/components/antd-scope.tsx');
        const closure = (file: string, seen: Set<string>): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const imported of chunks.find((output) => output.fileName === file)?.imports ?? [])
            closure(imported, seen);
          return seen;
        };
        const loaded = closure(entry.fileName, new Set());
        const files = [...closure(scope.fileName, new Set())].filter((file) => !loaded.has(file));
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'credit-portal:antd-scope', content: files.map((file) => `./${file}`).join(' ') },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}
