import CaretRightOutlined from '@ant-design/icons-svg/es/asn/CaretRightOutlined';
import PauseOutlined from '@ant-design/icons-svg/es/asn/PauseOutlined';
import SoundOutlined from '@ant-design/icons-svg/es/asn/SoundOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '@/components/lite/icon';
import { LiteButton } from '@/components/lite/lite-button';
import { firstRenderFacts } from '@/lib/first-render';
import { canReadAloud, ReadAloud, textToRead, type ReadAloudState } from '@/lib/read-aloud';
import styles from './access-tools.module.css';

// One reader for the whole page: the header and the phone drawer both start it, one bar stops it.
let state: ReadAloudState = 'idle';
const listeners = new Set<() => void>();
const reader = new ReadAloud((next) => {
  state = next;
  for (const listener of listeners) listener();
});
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const subscribeToNothing = () => () => {};
const useReadAloudState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => 'idle' as const,
  );

/**
 * 读屏: reads the selected text, or else the page's main content, aloud with the browser's
 * speech synthesis (zh-CN). The selection is taken when the pointer goes down on the button,
 * before the click can clear it.
 */
export function ReadAloudButton({ className, onStarted }: { className?: string; onStarted?: () => void }) {
  const selection = useRef<string | null>(null);
  const current = useReadAloudState();
  // Whether the browser can speak never changes; a pre-rendered frame says what it assumed.
  const supported = useSyncExternalStore(subscribeToNothing, canReadAloud, () => firstRenderFacts().readAloud);
  if (!supported) return null;
  const take = () => {
    selection.current = window.getSelection()?.toString() ?? null;
  };
  return (
    <button
      type="button"
      className={className}
      aria-pressed={current !== 'idle'}
      onPointerDown={take}
      onClick={() => {
        const selected = selection.current ?? window.getSelection()?.toString() ?? null;
        selection.current = null;
        if (reader.speak(textToRead(selected))) onStarted?.();
      }}
    >
      <Icon icon={SoundOutlined} aria-hidden /> 读屏
    </button>
  );
}

/** While reading: a bar at the foot of the window with 暂停/继续 and 停止; navigation stops reading. */
export function ReadAloudBar() {
  const current = useReadAloudState();
  const { pathname } = useLocation();
  useEffect(() => () => reader.stop(), [pathname]);
  if (current === 'idle') return null;
  return (
    <div className={styles.readBar} role="region" aria-label="读屏">
      <span className={styles.readStatus} aria-live="polite">
        {current === 'paused' ? '朗读已暂停' : '正在朗读…'}
      </span>
      {current === 'paused' ? (
        <LiteButton icon={CaretRightOutlined} onClick={() => reader.resume()}>
          继续
        </LiteButton>
      ) : (
        <LiteButton icon={PauseOutlined} onClick={() => reader.pause()}>
          暂停
        </LiteButton>
      )}
      <LiteButton danger icon={StopOutlined} onClick={() => reader.stop()}>
        停止
      </LiteButton>
    </div>
  );
}
