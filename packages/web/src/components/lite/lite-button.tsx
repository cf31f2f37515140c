import 'virtual:antd-look/Button';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { AriaAttributes, MouseEventHandler, ReactNode } from 'react';
import { Icon } from './icon';

interface LiteButtonProps extends AriaAttributes {
  /** antd's button types used outside antd's reach: solid primary, outlined default, text. */
  type?: 'primary' | 'default' | 'text';
  danger?: boolean;
  size?: 'small' | 'middle' | 'large';
  icon?: IconDefinition;
  /** A link drawn as a button (antd's `href`). */
  href?: string;
  htmlType?: 'button' | 'submit';
  className?: string;
  disabled?: boolean;
  title?: string;
  onClick?: MouseEventHandler<HTMLElement>;
  children?: ReactNode;
}

const VARIANTS = {
  primary: 'ant-btn-primary ant-btn-color-primary ant-btn-variant-solid',
  default: 'ant-btn-default ant-btn-color-default ant-btn-variant-outlined',
  danger: 'ant-btn-default ant-btn-dangerous ant-btn-color-dangerous ant-btn-variant-outlined',
  text: 'ant-btn-text ant-btn-color-default ant-btn-variant-text',
} as const;

/** antd's rule (button/buttonHelpers.js): exactly two characters of the CJK unified block. */
const TWO_CHINESE_CHARS = /^[\u4E00-\u9FA5]{2}$/;

/**
 * antd's Button as it renders — its element, classes and static style sheet — without its script
 * (the wave effect, loading state and theme hooks): the frame's and the home page's buttons, so
 * that the first page needs none of antd's code (issue 27). Pages use antd's Button.
 */
export function LiteButton({
  type = 'default',
  danger = false,
  size = 'middle',
  icon,
  href,
  htmlType = 'button',
  className,
  children,
  ...rest
}: LiteButtonProps) {
  // antd spaces out a label of two Chinese characters on a bordered button without an icon (重 试).
  const twoChars = typeof children === 'string' && TWO_CHINESE_CHARS.test(children) && !icon && type !== 'text';
  const classes = [
    'ant-btn cp-antd',
    VARIANTS[danger ? 'danger' : type],
    size === 'large' ? 'ant-btn-lg' : size === 'small' ? 'ant-btn-sm' : '',
    icon && children === undefined ? 'ant-btn-icon-only' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {icon ? (
        <span className="ant-btn-icon">
          <Icon icon={icon} aria-hidden />
        </span>
      ) : null}
      {children === undefined ? null : <span>{twoChars ? [...children].join(' ') : children}</span>}
    </>
  );
  if (href !== undefined) {
    return (
      <a href={href} className={classes} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <button type={htmlType} className={classes} {...rest}>
      {content}
    </button>
  );
}
