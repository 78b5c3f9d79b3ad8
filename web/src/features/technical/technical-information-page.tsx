import { useTechnicalInformation } from '../../lib/api/get-technical-information';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { TechInfoCallbacks, TechInfoMerchantApi, TechInfoSandbox } from './tech-info-gateway';
import { TechInfoLifecycles } from './tech-info-lifecycles';
import { TechInfoMoney } from './tech-info-money';

/**
 * /technical-information: what an integrator needs besides the API reference: the merchant
 * API's address, the sandbox, callbacks, every lifecycle's statuses, error codes and fee
 * rounding. The server's part comes from getTechnicalInformation; the rest from the contract.
 */
export default function TechnicalInformationPage() {
  const info = useTechnicalInformation();
  return (
    <>
      <RouteTitle />
      {info.data ? (
        <>
          <TechInfoMerchantApi info={info.data} />
          <TechInfoSandbox info={info.data} />
          <TechInfoCallbacks info={info.data} />
        </>
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : (
        <div className="text-center my-4" data-testid="tech-info-loading">
          <Spinner />
        </div>
      )}
      <TechInfoLifecycles />
      <TechInfoMoney />
    </>
  );
}
