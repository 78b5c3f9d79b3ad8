import { useSearchParams } from 'react-router';
import { isCurrencyCode, ROUTING_DIRECTIONS, type RoutingDirection } from '@bo/contract';

/**
 * The profiles screen's filters, kept in the URL (`direction`, `currency`) so the list reloads
 * as it was; a value the product does not know is no filter.
 */
export function useProfileFilters() {
  const [params, setParams] = useSearchParams();
  const rawDirection = params.get('direction');
  const direction = ROUTING_DIRECTIONS.find((d) => d === rawDirection);
  const rawCurrency = params.get('currency') ?? '';
  const currency = isCurrencyCode(rawCurrency) ? rawCurrency : undefined;
  const choose = (name: 'direction' | 'currency', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  return {
    direction: direction as RoutingDirection | undefined,
    currency,
    setDirection: (value: string) => choose('direction', value),
    setCurrency: (value: string) => choose('currency', value),
  };
}
