/**
 * A pay-in's payment page as an absolute URL. A gateway may answer a path on this server (the
 * sandbox's `/sandbox/pay/{id}`): it is resolved against PUBLIC_URL, the origin payers reach the
 * product at. An absolute URL (a real gateway's page) is kept; none (a failed pay-in) stays ''.
 */
export function absolutePaymentUrl(stored: string, publicUrl: string): string {
  if (!stored) return '';
  return new URL(stored, publicUrl).href;
}
