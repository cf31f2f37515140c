import 'virtual:antd-look/Collapse';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icon';

export interface LiteCollapseItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

interface LiteCollapseProps {
  items: readonly LiteCollapseItem[];
  /** The panels open at first (uncontrolled, as antd's `defaultActiveKey`). */
  defaultActiveKey?: readonly string[];
  className?: string;
}

/**
 * antd's Collapse (bordered, middle, arrows at the start) as it renders — its items, headers,
 * arrows and panels with their classes, styled by antd's static sheet — without its script
 * (rc-collapse, rc-motion's open and close animation, the semantic class and style merging): the
 * entity details page's licence blocks, drawn without antd's script. As antd's, a
 * panel's body is drawn when the panel is first opened, and after that only hidden when closed
 * (`ant-collapse-panel-hidden`), so what it holds stays as it was. A header toggles its panel by
 * click, Enter (as antd's) and Space (a `role="button"`'s key, which antd's leaves out). Panels
 * open and close at once.
 */
export function LiteCollapse({ items, defaultActiveKey = [], className }: LiteCollapseProps) {
  const [active, setActive] = useState<readonly string[]>(defaultActiveKey);
  // The panels drawn so far: those open at first and every one opened since.
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set(defaultActiveKey));
  const toggle = (key: string) => {
    setActive((keys) => (keys.includes(key) ? keys.filter((other) => other !== key) : [...keys, key]));
    setDrawn((keys) => (keys.has(key) ? keys : new Set([...keys, key])));
  };
  const onKeyDown = (event: KeyboardEvent, key: string) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    // Space would scroll the page.
    event.preventDefault();
    toggle(key);
  };
  const classes = ['ant-collapse ant-collapse-icon-placement-start', className ?? '', 'cp-antd'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {items.map((item) => {
        const open = active.includes(item.key);
        return (
          <div key={item.key} className={open ? 'ant-collapse-item ant-collapse-item-active' : 'ant-collapse-item'}>
            <div
              className="ant-collapse-header"
              role="button"
              aria-expanded={open}
              aria-disabled={false}
              tabIndex={0}
              onClick={() => toggle(item.key)}
              onKeyDown={(event) => onKeyDown(event, item.key)}
            >
              <div className="ant-collapse-expand-icon">
                {/* antd turns the arrow of an open panel by RightOutlined's `rotate`. */}
                <Icon icon={RightOutlined} rotate={open ? 90 : undefined} className="ant-collapse-arrow" aria-hidden />
              </div>
              <span className="ant-collapse-title">{item.label}</span>
            </div>
            {drawn.has(item.key) ? (
              <div
                className={
                  open
                    ? 'ant-collapse-panel ant-collapse-panel-active'
                    : 'ant-collapse-panel ant-collapse-panel-inactive ant-collapse-panel-hidden'
                }
              >
                <div className="ant-collapse-body">{item.children}</div>
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
