import { NotBuiltPanel } from '../../ui/not-built-panel';
import { RouteTitle } from '../../ui/page-title';

/** Scaffold: replaced by the screen itself (issue 11). */
export default function MerchantsPage() {
  return (
    <>
      <RouteTitle />
      <NotBuiltPanel />
    </>
  );
}
