import CaretRightOutlined from '@ant-design/icons-svg/es/asn/CaretRightOutlined';
import PauseOutlined from '@ant-design/icons-svg/es/asn/PauseOutlined';
import SoundOutlined from '@ant-design/icons-svg/es/asn/SoundOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { Icon } from '@/components/lite/icon';
import { LiteButton } from '@/components/lite/lite-button';
import { firstRenderFacts } from '@/lib/first-render';
import { canReadAloud, ReadAloud, textToRead, type ReadAloudState } from '@/lib/read-aloud';
import styles from './access-tools.module.css';

/*
 * One reader for the whole page: the header, the phone drawer and the phone frames' strips all
 * start it, and one bar (the first mounted of those the layouts place) shows that it reads and
 * stops it.
 */
let state: ReadAloudState = 'idle';
/** What the status tells a screen reader: empty until something was read. */
let status = '';
/** The route being read: another route stops the reading. */
let readingPath: string | null = null;
/** The 读屏 button that started the reading: 停止 gives it the focus back. */
let startedFrom: HTMLElement | null = null;
/** The mounted bars, in the order they mounted: the first one draws. */
let bars: string[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const reader = new ReadAloud((next) => {
  if (next === 'idle' && state !== 'idle') status = '朗读已结束';
  if (next === 'speaking') status = '正在朗读，按 Esc 键停止';
  if (next === 'paused') status = '朗读已暂停';
  if (next === 'idle') readingPath = null;
  state = next;
  notify();
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
 * before the click can clear it. A toggle: pressed while reading, it stops — unless text is
 * selected, which it then reads instead.
 */
export function ReadAloudButton({ className, onStarted }: { className?: string; onStarted?: () => void }) {
  const selection = useRef<string | null>(null);
  const current = useReadAloudState();
  const { pathname } = useLocation();
  // Whether the browser can speak never changes; a pre-rendered frame says what it assumed.
  const supported = useSyncExternalStore(subscribeToNothing, canReadAloud, () => firstRenderFacts().readAloud);
  if (!supported) return null;
  const take = () => {
    selection.current = window.getSelection()?.toString() ?? null;
  };
  return (
    <>
      <button
        type="button"
        className={className}
        aria-pressed={current !== 'idle'}
        onPointerDown={take}
        onClick={(event) => {
          const selected = selection.current ?? window.getSelection()?.toString() ?? null;
          selection.current = null;
          if (current !== 'idle' && !selected?.trim()) {
            reader.stop();
            return;
          }
          if (!reader.speak(textToRead(selected))) return;
          readingPath = pathname;
          startedFrom = event.currentTarget;
          onStarted?.();
        }}
      >
        <Icon icon={SoundOutlined} aria-hidden /> 读屏
      </button>
      <ReadAloudBar />
    </>
  );
}

/**
 * 停止 from the bar: the bar goes, and with it the focus a keyboard user had on 停止; it goes back
 * to the 读屏 button that started, where that is still shown (not in a closed phone drawer).
 */
function stopFromBar() {
  const back = startedFrom;
  reader.stop();
  if (back?.isConnected && (back.checkVisibility?.() ?? true)) back.focus();
}

/** The element the bar is drawn in: the app's, which carries the theme's variables. */
const barHost = () => document.querySelector('.cp-app') ?? document.body;

/**
 * While reading: a bar at the foot of the window that says so, with 暂停/继续 and 停止 (Escape
 * stops too), and a status a screen reader announces. Every 读屏 button brings one and the main
 * layout places one; the first mounted draws, at the foot of the app's element, so that a frame
 * whose bar sits in a drawer or a hidden top bar still shows it. Another route stops reading.
 */
export function ReadAloudBar() {
  const id = useId();
  const current = useReadAloudState();
  const { pathname } = useLocation();
  const drawing = useSyncExternalStore(
    subscribe,
    () => bars[0] === id,
    () => false,
  );
  // Where nothing can be read aloud, nothing to announce either.
  const supported = useSyncExternalStore(subscribeToNothing, canReadAloud, () => false);
  const said = useSyncExternalStore(
    subscribe,
    () => status,
    () => '',
  );
  useEffect(() => {
    bars = [...bars, id];
    notify();
    return () => {
      bars = bars.filter((bar) => bar !== id);
      // No frame left to read in: a frame drawn later starts with nothing to announce.
      if (bars.length === 0) status = '';
      notify();
    };
  }, [id]);
  useEffect(() => {
    if (readingPath !== null && readingPath !== pathname) reader.stop();
  }, [pathname]);
  useEffect(() => {
    if (!drawing || current === 'idle') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) reader.stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawing, current]);
  if (!drawing || !supported) return null;
  return createPortal(
    <>
      {/* Always there once drawn: a live region announces changes, not its own arrival. */}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {current === 'idle' ? null : (
        <div className={styles.readBar} role="region" aria-label="读屏">
          <span className={styles.readStatus}>
            <Icon icon={current === 'paused' ? PauseOutlined : SoundOutlined} aria-hidden />
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
          <LiteButton danger icon={StopOutlined} aria-keyshortcuts="Escape" onClick={stopFromBar}>
            停止
          </LiteButton>
        </div>
      )}
    </>,
    barHost(),
  );
}
