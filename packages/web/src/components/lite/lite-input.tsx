import 'virtual:antd-look/Input';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useRef } from 'react';
import { compactItemClass, type CompactPlace } from './compact-item';
import { Icon } from './icon';

interface LiteInputProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  size?: 'middle' | 'large';
  /** Class of the outer element (antd's affix wrapper), as antd's `className`. */
  className?: string;
  /** Its place in a row drawn as antd's `Space.Compact` (compact-item.ts): classes on the affix wrapper. */
  compactItem?: CompactPlace;
}

/**
 * antd's Input with `allowClear` as it renders — the affix wrapper, the input and the clear
 * button, with their classes and static style sheet — without its script: the header's search
 * box on every page and the lists' keyword search bar, in antd's Space.Compact there.
 * Clearing empties the value and puts the focus back in the box.
 */
export function LiteInput({
  id,
  value,
  onChange,
  placeholder,
  maxLength,
  size = 'middle',
  className,
  compactItem,
}: LiteInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const large = size === 'large';
  const wrapper = [
    'ant-input-affix-wrapper',
    large ? 'ant-input-affix-wrapper-lg' : '',
    'ant-input-outlined',
    className ?? '',
    'cp-antd ant-input-css-var',
    compactItemClass('input', compactItem),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={wrapper}>
      <input
        ref={input}
        id={id}
        type="text"
        className={large ? 'ant-input ant-input-lg' : 'ant-input'}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="ant-input-suffix">
        <button
          type="button"
          className={value ? 'ant-input-clear-icon' : 'ant-input-clear-icon ant-input-clear-icon-hidden'}
          aria-label="清除"
          // The focus stays in the box (antd's too).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <Icon icon={CloseCircleFilled} />
        </button>
      </span>
    </span>
  );
}
