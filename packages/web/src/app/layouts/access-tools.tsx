import { LiteSwitch } from '@/components/lite/lite-switch';
import { useId } from 'react';
import { useElderMode } from '../elder-mode';
import { ElderModeSwitch } from './elder-mode-switch';
import { ReadAloudButton } from './read-aloud-controls';
import styles from './access-tools.module.css';

/** 大鼠标: the large mouse pointer, remembered across visits. */
function LargeCursorSwitch() {
  const { largeCursor, setLargeCursor } = useElderMode();
  const labelId = useId();
  const switchId = useId();
  return (
    <label htmlFor={switchId} className={styles.option}>
      <span id={labelId}>大鼠标</span>
      <LiteSwitch id={switchId} checked={largeCursor} onChange={setLargeCursor} aria-labelledby={labelId} />
    </label>
  );
}

/**
 * The accessibility tools (无障碍, GB/T 37668 and MIIT 适老化): 长者模式, 大鼠标 and 读屏. In
 * the header's top bar on wide screens (inverted, on the dark bar) and in the menu drawer on
 * phones.
 */
export function AccessTools({ inverted = false, onReadStarted }: { inverted?: boolean; onReadStarted?: () => void }) {
  return (
    <div
      className={inverted ? `${styles.tools} ${styles.inverted}` : styles.tools}
      role="group"
      aria-label="无障碍工具"
    >
      <ElderModeSwitch inverted={inverted} />
      <LargeCursorSwitch />
      <ReadAloudButton className={styles.readButton} onStarted={onReadStarted} />
    </div>
  );
}

/**
 * The tools on a strip of their own under a phone frame's bar (the H5 app, the standalone mobile
 * pages), right-aligned on the page's surface.
 */
export function AccessToolStrip() {
  return (
    <div className={styles.strip}>
      <AccessTools />
    </div>
  );
}
