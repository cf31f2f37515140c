import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import PrinterOutlined from '@ant-design/icons-svg/es/asn/PrinterOutlined';
import { lazy, Suspense, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useFeedback } from '@/lib/feedback';
import { LiteButton } from './lite/lite-button';
import styles from './record-share.module.css';

const ManualCopyDialog = lazy(() => import('./record-share-dialog'));

export interface RecordShareProps {
  /** Who published the record (数据来源单位, 许可机关…); omitted when the record does not say. */
  source?: string;
  /** When the record was last updated, as the service gives it. */
  updatedAt?: string;
}

/**
 * Puts a text on the clipboard: the Clipboard API where the page may use it (HTTPS, localhost),
 * else the selection of a text field and the browser's copy command (plain-HTTP pages, older
 * browsers). False when neither worked: the caller shows the link to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, no focus): try the selection below.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.dataset.copySource = '';
  field.className = styles.offscreen ?? '';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/**
 * Sharing one record: 复制链接 puts the page's address on the clipboard — it names the
 * record by its id only, never a token — and 打印 prints the page in its print layout, which
 * carries under the record's title where it comes from: the site, the publishing unit, the update
 * time and the page's address, so a printed or saved copy can be traced back and checked.
 * antd's look without its script (components/lite/): the entity details page loads none of antd for it.
 */
export function RecordShare({ source, updatedAt }: RecordShareProps) {
  const { siteName } = useRuntimeConfig();
  const { message } = useFeedback();
  const [manual, setManual] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const address = window.location.href;

  // The provenance exists on paper only: mounted for the print (打印 or the browser's own Ctrl+P)
  // and gone again after, so the screen and its readers never meet it twice beside the fields.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const copy = async () => {
    if (await copyText(address)) void message.success('链接已复制，可粘贴发送给他人');
    else setManual(address);
  };

  return (
    <>
      <div className={styles.tools}>
        <LiteButton icon={LinkOutlined} onClick={() => void copy()}>
          复制链接
        </LiteButton>
        <LiteButton icon={PrinterOutlined} onClick={() => window.print()}>
          打印
        </LiteButton>
      </div>
      {printing ? (
        <dl className={styles.provenance} aria-label="信息来源">
          <div>
            <dt>信息来源</dt>
            <dd>
              {siteName}
              {source ? `（${source}）` : ''}
            </dd>
          </div>
          {updatedAt ? (
            <div>
              <dt>更新时间</dt>
              <dd>{updatedAt}</dd>
            </div>
          ) : null}
          <div>
            <dt>本页地址</dt>
            <dd className={styles.address}>{address}</dd>
          </div>
        </dl>
      ) : null}
      {manual === null ? null : (
        <Suspense fallback={null}>
          <ManualCopyDialog address={manual} onClose={() => setManual(null)} />
        </Suspense>
      )}
    </>
  );
}
