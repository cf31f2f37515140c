import { REPORT_PERIOD_MAX_YEARS, type ReportRequest } from '@credit-portal/shared';
import { Alert, Button, DatePicker, Form, Result, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, type DownloadedFile } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { saveFile } from '@/lib/save-file';
import styles from './services.module.css';

// The date picker's months and weekdays in Chinese (antd's zh_CN locale names dayjs's 'zh-cn').
dayjs.locale('zh-cn');

const DAY = 'YYYY-MM-DD';

/** The earliest start of a period ending on `end`: at most REPORT_PERIOD_MAX_YEARS long. */
const earliestStart = (end: Dayjs): Dayjs => end.subtract(REPORT_PERIOD_MAX_YEARS, 'year');

/** Why a period cannot be asked for, or null (the service checks again). */
export function periodRefusal(range: readonly [Dayjs, Dayjs] | null | undefined, today: Dayjs): string | null {
  if (!range?.[0] || !range[1]) return '请选择报告期间';
  const [from, to] = range;
  if (from.isAfter(to, 'day') || to.isAfter(today, 'day'))
    return '报告期间不正确：开始日期不能晚于结束日期，结束日期不能晚于今天';
  if (from.isBefore(earliestStart(to), 'day')) return `报告期间最长为${REPORT_PERIOD_MAX_YEARS}年`;
  return null;
}

interface ReportGeneratorProps {
  /** The entity the report is about (chosen above); the button waits for it. */
  entityId: string | undefined;
  entityName: string | undefined;
  /** The report's name in the file fallback and texts. */
  reportName: string;
  generate: (request: ReportRequest) => Promise<DownloadedFile>;
  /** What else the report waits for (e.g. the special report's areas), said under the button; null when nothing. */
  waitingFor?: string | null;
}

/**
 * The period (up to five years, ending today at the latest) and the button that generates the
 * report and downloads the PDF, with its loading, failure and done states.
 */
export function ReportGenerator({
  entityId,
  entityName,
  reportName,
  generate,
  waitingFor = null,
}: ReportGeneratorProps) {
  const today = dayjs();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>([today.subtract(1, 'year').add(1, 'day'), today]);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState<{ file: DownloadedFile; name: string } | null>(null);
  const refusal = periodRefusal(range, today);

  const run = async () => {
    if (!entityId || !range || refusal || waitingFor) return;
    setPending(true);
    setFailure('');
    setDone(null);
    try {
      const file = await generate({ entityId, periodFrom: range[0].format(DAY), periodTo: range[1].format(DAY) });
      const name = `${reportName}-${entityName ?? entityId}.pdf`;
      saveFile(file, name);
      setDone({ file, name: file.fileName || name });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form layout="vertical" className={styles.form} onFinish={() => void run()}>
      <Form.Item
        label="报告期间"
        htmlFor="report-period"
        validateStatus={refusal ? 'error' : undefined}
        help={refusal ?? `可选最长${REPORT_PERIOD_MAX_YEARS}年，结束日期不晚于今天`}
      >
        <DatePicker.RangePicker
          id={{ start: 'report-period', end: 'report-period-end' }}
          value={range}
          allowClear={false}
          inputReadOnly
          disabledDate={(current, info) =>
            current.isAfter(today, 'day') ||
            (info.from ? Math.abs(current.diff(info.from, 'year', true)) > REPORT_PERIOD_MAX_YEARS : false)
          }
          presets={[1, 3, 5].map((years) => ({
            label: `近${years}年`,
            value: [today.subtract(years, 'year').add(1, 'day'), today] as [Dayjs, Dayjs],
          }))}
          onChange={(value) => setRange(value?.[0] && value[1] ? [value[0], value[1]] : null)}
        />
      </Form.Item>
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        loading={pending}
        disabled={!entityId || Boolean(refusal) || Boolean(waitingFor)}
      >
        生成并下载报告
      </Button>
      {!entityId ? <p className={styles.hint}>请先选择报告主体。</p> : null}
      {entityId && waitingFor ? <p className={styles.hint}>{waitingFor}</p> : null}
      <div aria-live="polite">
        {pending ? (
          <div className={styles.generating}>
            <Spin /> 正在生成{reportName}，请稍候…
          </div>
        ) : null}
        {failure ? <Alert className={styles.notice} type="error" showIcon title={`报告生成失败：${failure}`} /> : null}
        {done ? (
          <Result
            status="success"
            title="报告已生成"
            subTitle={`${done.name} 已开始下载。报告上印有报告编号、验证码和二维码，可在“报告核验”页面核验真伪。`}
            extra={[
              <Button key="again" onClick={() => saveFile(done.file, done.name)}>
                重新下载
              </Button>,
              <Link key="verify" to={paths.reportVerify} className={styles.action}>
                核验报告
              </Link>,
            ]}
          />
        ) : null}
      </div>
    </Form>
  );
}
