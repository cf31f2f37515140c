import 'virtual:antd-look/Tag';
import type { ReactNode } from 'react';

/** antd 6's preset colours (antd/es/theme/interface/presetColors: `PresetColors`). */
type PresetColor =
  | 'blue'
  | 'purple'
  | 'cyan'
  | 'green'
  | 'magenta'
  | 'pink'
  | 'red'
  | 'orange'
  | 'yellow'
  | 'volcano'
  | 'geekblue'
  | 'lime'
  | 'gold';
/** antd's status colours (antd/es/_util/colors: `PresetStatusColors`). */
type StatusColor = 'success' | 'processing' | 'error' | 'default' | 'warning';

interface LiteTagProps {
  /**
   * A preset or status colour: antd draws those by class. Other colours (antd computes an inline
   * style from them) and the deprecated `-inverse` ones are not offered.
   */
  color?: PresetColor | StatusColor;
  /** antd 6's variants; without one, antd's default (filled). */
  variant?: 'filled' | 'outlined' | 'solid';
  children: ReactNode;
}

/**
 * antd's Tag as it renders — a span with its variant and colour classes, styled by antd's static
 * sheet — without its script (the colour hooks, the close button, the wave): the entity details
 * page's status, list and promise tags, drawn without antd's script. Neither closable
 * nor a link nor clickable: those need antd's.
 */
export function LiteTag({ color, variant = 'filled', children }: LiteTagProps) {
  // antd gives a solid tag without a colour the default one.
  const mergedColor = color ?? (variant === 'solid' ? 'default' : undefined);
  const classes = ['ant-tag', `ant-tag-${variant}`, mergedColor ? `ant-tag-${mergedColor}` : '', 'cp-antd'];
  return <span className={classes.filter(Boolean).join(' ')}>{children}</span>;
}
