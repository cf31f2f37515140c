import 'virtual:antd-look/Button';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { AriaAttributes, MouseEvent, MouseEventHandler, ReactNode } from 'react';
import { compactItemClass, type CompactPlace } from './compact-item';
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
  /**
   * antd's `loading` (a plain on or off, without antd's delay): the spinning LoadingOutlined in
   * place of the icon, and clicks ignored.
   */
  loading?: boolean;
  /** Its place in a row drawn as antd's `Space.Compact` (compact-item.ts). */
  compactItem?: CompactPlace;
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
 * (the wave effect, the loading icon's motion and theme hooks): the frame's and the home page's
 * buttons, so that the first page needs none of antd's code, the entity details
 * page's and the lists' keyword search bar's (in antd's Space.Compact there: `compactItem`). Loading, it draws antd's settled markup: the `ant-btn-loading` class and the spinning
 * LoadingOutlined in `.ant-btn-icon.ant-btn-loading-icon` in place of the icon (antd's slides the
 * icon in when `loading` turns on after the first render). Other pages use antd's Button.
 */
export function LiteButton({
  type = 'default',
  danger = false,
  size = 'middle',
  icon,
  href,
  htmlType = 'button',
  className,
  loading = false,
  compactItem,
  onClick,
  children,
  ...rest
}: LiteButtonProps) {
  // antd spaces out a label of two Chinese characters on a bordered button without an icon (重 试).
  const twoChars = typeof children === 'string' && TWO_CHINESE_CHARS.test(children) && !icon && type !== 'text';
  const classes = [
    'ant-btn cp-antd',
    VARIANTS[danger ? 'danger' : type],
    size === 'large' ? 'ant-btn-lg' : size === 'small' ? 'ant-btn-sm' : '',
    (icon || loading) && children === undefined ? 'ant-btn-icon-only' : '',
    loading ? 'ant-btn-loading' : '',
    compactItemClass('btn', compactItem),
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {loading ? (
        <span className="ant-btn-icon ant-btn-loading-icon">
          <Icon icon={LoadingOutlined} className="anticon-spin" />
        </span>
      ) : icon ? (
        <span className="ant-btn-icon">
          <Icon icon={icon} aria-hidden />
        </span>
      ) : null}
      {children === undefined ? null : <span>{twoChars ? [...children].join(' ') : children}</span>}
    </>
  );
  // As antd's: a loading button's click does nothing, not even submit its form or follow its link.
  const click = (event: MouseEvent<HTMLElement>) => {
    if (loading) event.preventDefault();
    else onClick?.(event);
  };
  if (href !== undefined) {
    return (
      <a href={href} className={classes} onClick={click} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <button type={htmlType} className={classes} onClick={click} {...rest}>
      {content}
    </button>
  );
}
