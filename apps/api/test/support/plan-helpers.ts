import { changeUserPlan } from '../../src/modules/plans/change-user-plan';
import type { TestApp } from './test-app';

/** Lifts a user's plan limits, for tests that need more items than the free plan allows. */
export function makePremium(t: TestApp, userId: string): Promise<void> {
  return changeUserPlan(t.app.ctx, { userId, plan: 'premium' });
}

export function makeFree(t: TestApp, userId: string): Promise<void> {
  return changeUserPlan(t.app.ctx, { userId, plan: 'free' });
}
