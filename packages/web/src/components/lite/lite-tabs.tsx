import 'virtual:antd-look/Tabs';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './lite-tabs.module.css';

export interface LiteTab {
  key: string;
  label: ReactNode;
}

interface LiteTabsProps {
  items: readonly LiteTab[];
  activeKey: string;
  onChange: (key: string) => void;
  /** The active tab's panel. */
  children: ReactNode;
}

/**
 * antd's Tabs (top, a few tabs that fit) as they render — their classes, antd's static style
 * sheet and the WAI-ARIA tabs pattern — without rc-tabs' script, which measures every tab after
 * each render to place the ink bar and fold what overflows: 双公示's two tabs. The ink
 * bar sits under the active tab by its box. The arrow keys, Home and End choose a tab and focus
 * it (the tabs pattern's automatic activation); only the active tab is in the tab order.
 */
export function LiteTabs({ items, activeKey, onChange, children }: LiteTabsProps) {
  const id = useId();
  const tabs = useRef(new Map<string, HTMLDivElement>());
  const choose = (key: string) => {
    onChange(key);
    tabs.current.get(key)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    // Where each key goes from this tab (round at either end); Enter and Space choose this one.
    const to: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
      Enter: index,
      ' ': index,
    };
    if (!(event.key in to)) return;
    event.preventDefault();
    choose(items[to[event.key]!]!.key);
  };
  const tabId = (key: string) => `${id}-tab-${key}`;
  return (
    <div className="ant-tabs ant-tabs-top cp-antd ant-tabs-css-var">
      <div role="tablist" aria-orientation="horizontal" className="ant-tabs-nav">
        <div className="ant-tabs-nav-wrap">
          <div className="ant-tabs-nav-list">
            {items.map((item, index) => {
              const active = item.key === activeKey;
              return (
                <div
                  key={item.key}
                  data-node-key={item.key}
                  className={active ? 'ant-tabs-tab ant-tabs-tab-active' : 'ant-tabs-tab'}
                >
                  <div
                    ref={(element) => {
                      if (element) tabs.current.set(item.key, element);
                      else tabs.current.delete(item.key);
                    }}
                    role="tab"
                    id={tabId(item.key)}
                    aria-selected={active}
                    aria-controls={active ? `${id}-panel` : undefined}
                    tabIndex={active ? 0 : -1}
                    className="ant-tabs-tab-btn"
                    onClick={() => onChange(item.key)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                  >
                    {item.label}
                  </div>
                  {active ? <div className={`ant-tabs-ink-bar ${styles.inkBar}`} /> : null}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div className="ant-tabs-body-holder">
        <div className="ant-tabs-body ant-tabs-body-top">
          {/* A panel of its own for each tab: what the last one held does not carry over. */}
          <div
            key={activeKey}
            role="tabpanel"
            id={`${id}-panel`}
            aria-labelledby={tabId(activeKey)}
            tabIndex={0}
            className="ant-tabs-content ant-tabs-content-active"
          >
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
