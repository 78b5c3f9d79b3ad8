import { NotBuiltPanel } from '../../ui/not-built-panel';
import { RouteTitle } from '../../ui/page-title';

/** Scaffold: replaced by the screen itself (issue 12). */
export default function DailyEarningReportPage() {
  return (
    <>
      <RouteTitle />
      <NotBuiltPanel />
    </>
  );
}
