import 'virtual:antd-look/Switch';

interface LiteSwitchProps {
  id?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  'aria-labelledby'?: string;
}

/**
 * antd's small Switch as it renders (a `role="switch"` button with its classes and static style
 * sheet), without its script: the 长者模式 and 大鼠标 switches of every frame.
 */
export function LiteSwitch({ checked, onChange, ...rest }: LiteSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={
        checked ? 'ant-switch ant-switch-small cp-antd ant-switch-checked' : 'ant-switch ant-switch-small cp-antd'
      }
      onClick={() => onChange(!checked)}
      // As antd's (rc-switch): the arrow keys set it off and on.
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') onChange(false);
        else if (event.key === 'ArrowRight') onChange(true);
      }}
      {...rest}
    >
      <div className="ant-switch-handle" />
      <span className="ant-switch-inner">
        <span className="ant-switch-inner-checked" />
        <span className="ant-switch-inner-unchecked" />
      </span>
    </button>
  );
}
