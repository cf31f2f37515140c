import { LiteSwitch } from '@/components/lite/lite-switch';
import { useId } from 'react';
import { useElderMode } from '../elder-mode';
import styles from './elder-mode-switch.module.css';

/** The 长者模式 switch: larger type and higher contrast, remembered across visits. */
export function ElderModeSwitch({ inverted = false }: { inverted?: boolean }) {
  const { enabled, setEnabled } = useElderMode();
  const labelId = useId();
  const switchId = useId();
  // The whole label is the target (at least 44 px tall in 长者模式), not only the small switch.
  return (
    <label htmlFor={switchId} className={inverted ? `${styles.wrap} ${styles.inverted}` : styles.wrap}>
      <span id={labelId}>长者模式</span>
      <LiteSwitch id={switchId} checked={enabled} onChange={setEnabled} aria-labelledby={labelId} />
    </label>
  );
}
