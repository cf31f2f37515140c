import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type AriaAttributes, type ReactElement } from 'react';

const camelCase = (name: string): string => name.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase());

function draw(node: AbstractNode, key: string, rootProps?: Record<string, unknown>): ReactElement {
  const attrs = Object.fromEntries(Object.entries(node.attrs).map(([name, value]) => [camelCase(name), value]));
  return createElement(
    node.tag,
    { key, ...attrs, ...rootProps },
    (node.children ?? []).map((child, index) => draw(child, `${key}-${node.tag}-${index}`)),
  );
}

interface IconProps extends AriaAttributes {
  /** The icon's drawing, from `@ant-design/icons-svg` (`@ant-design/icons-svg/es/asn/SearchOutlined`). */
  icon: IconDefinition;
  className?: string;
  /** Degrees the drawing is turned by (as @ant-design/icons' `rotate`: a transform on the svg). */
  rotate?: number;
}

/**
 * One of antd's icons as `@ant-design/icons` draws it (the same element, classes and SVG, styled by
 * the `.anticon` rules of the base sheet), from the icon's drawing alone. For the frame and the
 * home page: `@ant-design/icons`' components bring its context, two-tone colour generation and
 * style insertion (≈ 30 kB of script, README) to draw a path.
 */
export function Icon({ icon, className, rotate, ...aria }: IconProps) {
  if (typeof icon.icon === 'function') throw new Error(`Icon: ${icon.name} is two-tone; use @ant-design/icons`);
  return (
    <span
      role="img"
      aria-label={icon.name}
      {...aria}
      className={className ? `anticon anticon-${icon.name} ${className}` : `anticon anticon-${icon.name}`}
    >
      {draw(icon.icon, `svg-${icon.name}`, {
        'data-icon': icon.name,
        width: '1em',
        height: '1em',
        fill: 'currentColor',
        'aria-hidden': 'true',
        ...(rotate ? { style: { msTransform: `rotate(${rotate}deg)`, transform: `rotate(${rotate}deg)` } } : {}),
      })}
    </span>
  );
}
