/**
 * The style of an antd component drawn at build time (build/antd-static-style.ts): a side-effect
 * import that only the build resolves.
 */
declare module 'virtual:antd-look/*';
