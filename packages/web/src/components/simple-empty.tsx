import 'virtual:antd-look/Empty';
import type { ReactNode } from 'react';

/*
 * antd's simple picture (antd/es/empty/simple.js) takes its colours from the theme's tokens
 * through its hooks; the portal's theme leaves those tokens at antd's defaults, so they are the
 * solid colours antd computes from them on white (colorFill, colorFillTertiary and
 * colorFillQuaternary over colorBgContainer). A test draws antd's Empty beside this one.
 */
const BORDER = '#d9d9d9';
const SHADOW = '#f5f5f5';
const CONTENT = '#fafafa';

interface SimpleEmptyProps {
  description: string;
  className?: string;
  /**
   * false: the picture's box without the picture, where a page holds an empty state's place until
   * the browser draws the real one (the entity search list's pre-rendered frame).
   */
  picture?: boolean;
  /** What goes under the description (antd's footer). */
  children?: ReactNode;
}

/**
 * antd's `<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />` as it renders — the picture, its title
 * (暂无数据) and the description — without antd's script: blocks and pages with nothing to show
 * (the picture's theme hooks used to be a chunk of antd loaded for it).
 */
export function SimpleEmpty({ description, className, picture = true, children }: SimpleEmptyProps) {
  return (
    <div
      className={className ? `cp-antd ant-empty ant-empty-normal ${className}` : 'cp-antd ant-empty ant-empty-normal'}
    >
      <div className="ant-empty-image">
        {picture ? (
          <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg">
            <title>暂无数据</title>
            <g transform="translate(0 1)" fill="none" fillRule="evenodd">
              <ellipse fill={SHADOW} cx="32" cy="33" rx="32" ry="7" />
              <g fillRule="nonzero" stroke={BORDER}>
                <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
                <path
                  d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
                  fill={CONTENT}
                />
              </g>
            </g>
          </svg>
        ) : null}
      </div>
      <div className="ant-empty-description">{description}</div>
      {children ? <div className="ant-empty-footer">{children}</div> : null}
    </div>
  );
}
