import { postForChaos, type ChaosAnswer } from './chaos-http';
import type { SoakUser } from './soak-world';

/** A back-office call as a signed-in user, answered as the chaos clients see answers. */
export function backOfficeCall(
  base: string,
  user: SoakUser,
  name: string,
  input: Record<string, string>,
): Promise<ChaosAnswer> {
  const body = JSON.stringify({
    accessToken: user.accessToken,
    accessUsername: user.accessUsername,
    ...input,
  });
  return postForChaos(base, `/controller/admin/${name}`, body);
}

/** A back-office call that must succeed (setting the world up); throws unless it answers 200. */
async function call(base: string, user: SoakUser, name: string, input: Record<string, string>) {
  const answer = await backOfficeCall(base, user, name, input);
  if (answer.http !== 200) throw new Error(`${name}: ${answer.http} ${answer.text.slice(0, 200)}`);
  return JSON.parse(answer.text) as { data?: { id?: string } };
}

/**
 * Pay-out money for each merchant before the window, as operators give it: a top-up recorded
 * by one admin and approved by another (maker-checker) through the back office.
 */
export async function fundPayouts(
  base: string,
  admins: readonly SoakUser[],
  merchantCodes: readonly string[],
  amount: string,
): Promise<void> {
  const [maker, checker] = admins;
  if (!maker || !checker) throw new Error('funding pay-outs needs two admins');
  for (const merchantDbCode of merchantCodes) {
    const made = await call(base, maker, 'createTopUp', {
      merchantDbCode,
      currency: 'THB',
      amount,
    });
    const id = made.data?.id;
    if (!id) throw new Error(`createTopUp answered no id for ${merchantDbCode}`);
    await call(base, checker, 'approveTopUp', { id });
  }
}
