import { i18n } from './index';

/**
 * English namespaces that load with the screens that use them rather than with the app, so
 * /login's first load stays small. Other languages load whole when chosen (index.ts).
 */
const SCREEN_NAMESPACES = {
  technical: () => import('./locales/en/technical').then((m) => m.technical),
  apiDocs: () => import('./locales/en/apiDocs').then((m) => m.apiDocs),
  gallery: () => import('./locales/en/gallery').then((m) => m.gallery),
  gateways: () => import('./locales/en/gateways').then((m) => m.gateways),
  gatewayHealth: () => import('./locales/en/gatewayHealth').then((m) => m.gatewayHealth),
  administration: () => import('./locales/en/administration').then((m) => m.administration),
  platformSettings: () => import('./locales/en/platformSettings').then((m) => m.platformSettings),
  adminReports: () => import('./locales/en/adminReports').then((m) => m.adminReports),
  reportProfit: () => import('./locales/en/reportProfit').then((m) => m.reportProfit),
  reportLedgers: () => import('./locales/en/reportLedgers').then((m) => m.reportLedgers),
  reportBalances: () => import('./locales/en/reportBalances').then((m) => m.reportBalances),
  refunds: () => import('./locales/en/refunds').then((m) => m.refunds),
  disputes: () => import('./locales/en/disputes').then((m) => m.disputes),
  adjustments: () => import('./locales/en/adjustments').then((m) => m.adjustments),
  merchantSettings: () => import('./locales/en/merchantSettings').then((m) => m.merchantSettings),
  settlementSetting: () =>
    import('./locales/en/settlementSetting').then((m) => m.settlementSetting),
  reconciliation: () => import('./locales/en/reconciliation').then((m) => m.reconciliation),
  subAccounts: () => import('./locales/en/subAccounts').then((m) => m.subAccounts),
  team: () => import('./locales/en/team').then((m) => m.team),
} as const;
export type ScreenNamespace = keyof typeof SCREEN_NAMESPACES;

/** Adds the English of these namespaces (once) before a screen that uses them renders. */
export async function loadScreenNamespaces(names: readonly ScreenNamespace[]): Promise<void> {
  await Promise.all(
    names
      .filter((name) => i18n.getResource('en', 'translation', name) === undefined)
      .map(async (name) => {
        const strings = await SCREEN_NAMESPACES[name]();
        i18n.addResourceBundle('en', 'translation', { [name]: strings }, true, false);
      }),
  );
}

/**
 * Adds the signed-in frame's English (locales/en/signed-in.ts) once; the frame waits for it
 * (app/lazy-app-frame.tsx), so no signed-in screen renders before its words are there.
 */
export async function loadSignedInEnglish(): Promise<void> {
  if (i18n.getResource('en', 'translation', 'menu') !== undefined) return;
  const { enSignedIn } = await import('./locales/en/signed-in');
  i18n.addResourceBundle('en', 'translation', enSignedIn, true, false);
}
