import { describe, expect, it } from 'vitest';
import { drawingBudget } from '../../server/routes/app-shell/index.js';

describe('the rate at which resume links are drawn on the server', () => {
  it('draws up to its rate at once, then none until time refills it, never more than the rate saved up', () => {
    const budget = drawingBudget(3);
    const at = 1_000_000;
    expect([1, 2, 3, 4].map(() => budget.take(at))).toEqual([true, true, true, false]);
    expect(budget.take(at + 200)).toBe(false); // 0.6 of a drawing refilled
    expect(budget.take(at + 400)).toBe(true); // 1.2
    // A quiet minute saves up no more than one second's worth.
    const later = at + 60_000;
    expect([1, 2, 3, 4].map(() => budget.take(later))).toEqual([true, true, true, false]);
  });
});
