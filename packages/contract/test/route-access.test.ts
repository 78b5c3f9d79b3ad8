import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPES,
  DEFAULT_MODULES,
  MODULES,
  RULES,
  decideAccess,
  matchRoute,
  type AccountType,
  type ModuleName,
  type Viewer,
} from '../src';

/**
 * The access table of spec section 2, written out again by hand (not derived from ROUTES) so
 * that a wrong rule in the route table fails here. Each row: concrete paths, and who passes.
 */
type Expect = (type: AccountType, has: (m: ModuleName) => boolean) => boolean;
const anyone: Expect = () => true;
const notMerchant = (t: AccountType) => t !== 'merchant';

const SPEC_TABLE: readonly (readonly [readonly string[], Expect])[] = [
  [['/', '/dashboardv2'], anyone],
  [['/profile', '/security', '/starter', '/logout', '/404'], anyone],
  [['/settlement-setting'], (t) => t === 'merchant'],
  [
    [
      '/reseller',
      '/reseller/R-1001',
      '/merchants',
      '/merchants/from-reseller=R-1001',
      '/reseller-contracts',
    ],
    (t, has) => has('account_management') && notMerchant(t),
  ],
  [['/reseller/R-1001/reseller-&-merchant-contract-rates'], (_t, has) => has('account_management')],
  [
    [
      '/payment-gateway',
      '/payment-gateway/monitoring',
      '/payment-gateway/routing',
      '/balance-reports',
      '/earnings-report',
      '/all-currency-balance',
      '/pg-currency-balance',
      '/report-setting',
      '/withdrawal-history/list',
      '/admin-logs',
      '/admin-outbox',
      '/ledger-seals',
      '/contract-ledger-summary',
      '/force-change-usdt',
      '/general-settings',
    ],
    (t, has) => t === 'admin' && has('administrator'),
  ],
  [
    [
      '/profit-report',
      '/profit-report/M-1/detailed-profit-report',
      '/merchant/M-1/merchant-statement',
      '/reseller-contract-acc-ledger',
      '/reseller-contract-acc-ledger/77',
    ],
    (t, has) => has('reports') && notMerchant(t),
  ],
  [
    ['/contract-acc-ledger', '/contract-acc-ledger/77', '/usdt-wallet-balance-settlement'],
    (_t, has) => has('reports'),
  ],
  [
    ['/daily-transactions-report', '/merchant-balance-settlement'],
    (t, has) => has('reports') && (t === 'admin' || t === 'merchant'),
  ],
  [
    ['/daily-earning-report', '/reseller-earning-statement', '/reseller-balance-settlement'],
    (t, has) => has('reports') && (t === 'admin' || t === 'reseller'),
  ],
  [['/transactions', '/transactions/processing-list'], (_t, has) => has('payin')],
  [['/payouts/list', '/payouts/pending-list'], (_t, has) => has('payout')],
  [
    ['/in-house-payouts/pending-list', '/payout/P-9/details'],
    (t, has) => has('payout') && t === 'admin',
  ],
  // Quirk: the original's check for /contracts always passes.
  [['/contracts'], anyone],
  [
    [
      '/settlement/list',
      '/settlement/pending-list',
      '/settlement-wallet/list',
      '/settlement-wallet/pending-list',
    ],
    (_t, has) => has('settlements') || has('withdrawal'),
  ],
  [
    ['/withdrawals/list', '/withdrawals/pending-list'],
    (t, has) => has('withdrawal') && notMerchant(t),
  ],
  [['/top-up/list'], (t, has) => has('top_up') && t === 'admin'],
  [['/sub-accounts'], (_t, has) => has('sub_accounts')],
  [['/merchant-settings'], (t, has) => has('technical') && t === 'merchant'],
  [
    ['/api-documentation', '/technical-support', '/technical-information'],
    (_t, has) => has('technical'),
  ],
  [['/support-on-telegram', '/marketing-materials'], anyone],
];

const GUEST_PATHS = [
  '/login',
  '/account/login',
  '/account/security/2fa/verify',
  '/account/security/2fa/setup',
  '/account/security/whitelisted-login-ip/setup',
  '/account/merchant/security/update-new-password',
  '/account/admin/security/update-new-password',
];
const PUBLIC_PATHS = ['/reset', '/skype', '/error'];

/** Every module set worth trying: none, each alone, the defaults, all, and the demo sub-account. */
function moduleSets(type: AccountType): (readonly ModuleName[])[] {
  return [
    [],
    ...MODULES.map((m) => [m]),
    DEFAULT_MODULES[type],
    MODULES,
    ['payin', 'reports'],
    MODULES.filter((m) => m !== 'reports' && m !== 'account_management'),
  ];
}

function decisionFor(path: string, viewer: Viewer | null) {
  const match = matchRoute(path);
  expect(match, `route for ${path}`).not.toBeNull();
  return decideAccess(RULES[match!.route.rule], viewer);
}

describe('route table against the spec access table', () => {
  for (const [paths, expected] of SPEC_TABLE) {
    for (const path of paths) {
      it(`${path}`, () => {
        expect(decisionFor(path, null)).toBe('sign-in-required');
        for (const type of ACCOUNT_TYPES) {
          for (const modules of moduleSets(type)) {
            const viewer = { accountType: type, modules };
            const want = expected(type, (m) => modules.includes(m)) ? 'allowed' : 'denied';
            expect(decisionFor(path, viewer), `${type} [${modules.join(',')}]`).toBe(want);
          }
        }
      });
    }
  }

  it('guest routes admit only signed-out visitors', () => {
    for (const path of GUEST_PATHS) {
      expect(decisionFor(path, null), path).toBe('allowed');
      expect(decisionFor(path, { accountType: 'merchant', modules: [] }), path).toBe('guests-only');
    }
  });

  it('public routes admit everyone', () => {
    for (const path of PUBLIC_PATHS) {
      expect(decisionFor(path, null), path).toBe('allowed');
      expect(decisionFor(path, { accountType: 'admin', modules: MODULES }), path).toBe('allowed');
    }
  });

  it('keeps query strings out of matching and reads parameters', () => {
    expect(matchRoute('/contract-acc-ledger')?.route.id).toBe('contractAccLedger');
    expect(matchRoute('/merchants/from-reseller=R-7')?.params).toEqual({ id: 'R-7' });
    expect(matchRoute('/account/reseller/security/update-new-password')?.params).toEqual({
      account_type: 'reseller',
    });
    expect(matchRoute('/reseller/R-1/reseller-&-merchant-contract-rates')?.route.id).toBe(
      'resellerMerchantContractRates',
    );
  });

  it('leaves unknown paths unmatched', () => {
    for (const path of [
      '/nope',
      '/reseller/1/2',
      '/transactions/x/y',
      '/ui/x',
      '/maps',
      '/email',
    ]) {
      expect(matchRoute(path), path).toBeNull();
    }
  });
});
