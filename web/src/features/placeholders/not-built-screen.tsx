import { NotBuiltPanel } from '../../ui/not-built-panel';
import { RouteTitle } from '../../ui/page-title';

/** Every screen a later issue builds: its title, breadcrumb and a "not built yet" panel. */
export default function NotBuiltScreen() {
  return (
    <>
      <RouteTitle />
      <NotBuiltPanel />
    </>
  );
}
