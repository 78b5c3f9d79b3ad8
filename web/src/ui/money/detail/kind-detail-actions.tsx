import { createContext, useContext, type ReactNode } from 'react';
import type { MoneyDetail, MoneyDetailKind } from '@bo/contract';

/** An action a kind's feature adds to its items' detail (a pay-in's refund), given the detail. */
export type KindDetailAction = (detail: MoneyDetail) => ReactNode;

/** The actions each kind's feature adds, by kind; the app provides them (app/kind-actions.tsx). */
export type KindDetailActions = Partial<Record<MoneyDetailKind, KindDetailAction>>;

const KindDetailActionsContext = createContext<KindDetailActions>({});

/** Gives every detail below it its kind's own actions (wherever the detail opens). */
export const KindDetailActionsProvider = KindDetailActionsContext.Provider;

/** The kinds' own detail actions, as the app provides them. */
export const useKindDetailActions = () => useContext(KindDetailActionsContext);
