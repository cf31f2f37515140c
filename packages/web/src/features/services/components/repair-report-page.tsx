import { FilingPage } from './filing-page';

/** xyfw/xyxf/report: file a credit repair with its materials. */
export default function RepairReportPage() {
  return <FilingPage kind="repair" />;
}
