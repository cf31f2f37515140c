/** An item's place in a row drawn as antd's `Space.Compact` (`ant-space-compact`). */
export type CompactPlace = 'first' | 'middle' | 'last';

/**
 * antd's compact item classes of a component in such a row (`ant-btn-compact-item
 * ant-btn-compact-first-item`), by which its sheet joins the row's borders and rounds only the
 * outer corners: LiteButton's and LiteInput's `compactItem`.
 */
export const compactItemClass = (component: 'btn' | 'input', place: CompactPlace | undefined): string =>
  place ? `ant-${component}-compact-item${place === 'middle' ? '' : ` ant-${component}-compact-${place}-item`}` : '';
