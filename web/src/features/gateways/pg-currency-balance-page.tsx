import { NotBuiltPanel } from '../../ui/not-built-panel';
import { RouteTitle } from '../../ui/page-title';

/** Scaffold: replaced by the screen itself (issue 13). */
export default function PgCurrencyBalancePage() {
  return (
    <>
      <RouteTitle />
      <NotBuiltPanel />
    </>
  );
}
