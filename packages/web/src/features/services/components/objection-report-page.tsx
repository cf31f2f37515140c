import { FilingPage } from './filing-page';

/** xyfw/xyyy/report: file a credit objection with its materials. */
export default function ObjectionReportPage() {
  return <FilingPage kind="objection" />;
}
