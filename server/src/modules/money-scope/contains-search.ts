import { containsPattern } from '../../db/like-patterns';
import type { ListInput } from './list-query';

/**
 * The request with its search box read as "contains, any case": the pattern travels in the
 * list kit's free code slot (`gatewayCode`), for a list whose `codes.gateway` is its search
 * condition (the kit's own search matches exact ids and texts).
 */
export function withContainsSearch<I extends ListInput>(input: I): I {
  const { search, ...rest } = input;
  return (search ? { ...rest, gatewayCode: containsPattern(search) } : rest) as I;
}
