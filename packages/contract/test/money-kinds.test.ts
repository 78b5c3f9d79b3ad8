import { describe, expect, it } from 'vitest';
import {
  MONEY_KINDS,
  MONEY_KIND_MENU_LINKS,
  RULES,
  STATUS_TONES,
  buildSideMenu,
  matchRoute,
  moneyKind,
  type ModuleName,
} from '../src';

describe('the money-kind registry', () => {
  it('gives a state shared by several kinds one tone', () => {
    for (const kind of MONEY_KINDS)
      for (const [state, tone] of Object.entries(kind.tones))
        expect(`${kind.name}.${state}: ${tone}`).toBe(
          `${kind.name}.${state}: ${STATUS_TONES[state as keyof typeof STATUS_TONES]}`,
        );
  });

  it('names each kind once, and finds it by name', () => {
    const names = MONEY_KINDS.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(moneyKind(name).name).toBe(name);
    expect(() => moneyKind('nothing' as never)).toThrow('Unknown money kind nothing');
  });

  it('waits for approval, and queues, only in states of its own lifecycle', () => {
    for (const kind of MONEY_KINDS) {
      const states: readonly string[] = kind.lifecycle.states;
      if ('approval' in kind) expect(states).toContain(kind.approval.awaiting);
      for (const s of ('pendingStatuses' in kind ? kind.pendingStatuses : []) as string[])
        expect(states).toContain(s);
    }
  });

  it('routes each screen to the kind that declares it, under a named rule', () => {
    for (const kind of MONEY_KINDS)
      for (const route of kind.routes) {
        expect(RULES[route.rule]).toBeDefined();
        const path = route.pattern.replace('{id}', 'abc');
        expect(matchRoute(path)?.route.id).toBe(route.id);
      }
  });

  it('puts every kind menu link in the side menu of an admin holding every module', () => {
    const modules: ModuleName[] = [
      'payin',
      'payout',
      'settlements',
      'withdrawal',
      'top_up',
      'administrator',
    ];
    const menu = buildSideMenu({ accountType: 'admin', modules, accountDbCode: 'ADM' });
    const shown = menu.groups.flatMap((g) => g.items.map((i) => `${g.id}/${i.routeId}`));
    const adminLinks = MONEY_KIND_MENU_LINKS.map((l) => `${l.group}/${l.routeId}`);
    for (const l of adminLinks) expect(shown).toContain(l);
  });
});
