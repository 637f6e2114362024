import type { FixedCost, FixedCostsInput } from './api/admin-api';

export type FixedCostCategory = FixedCost['category'];
export const FIXED_COST_CATEGORIES: FixedCostCategory[] = ['hosting', 'others'];
export const FIXED_COST_NAME_MAX = 100;
/** A sanity bound: a typo of a few extra zeros is refused, not saved into every margin. */
export const FIXED_COST_AMOUNT_MAX = 1_000_000;

/** One row as typed: amounts stay text until saved, so a half-typed "12." is not rewritten. */
export interface FixedCostDraft {
  name: string;
  category: FixedCostCategory;
  monthlyAmount: string;
}

export interface FixedCostErrors {
  rows: { name?: string; monthlyAmount?: string }[];
  usdToAud?: string;
}

export type FixedCostsCheck = { ok: true; value: FixedCostsInput } | { ok: false; errors: FixedCostErrors };

function amountError(text: string): string | undefined {
  if (!text.trim()) return 'Enter the monthly amount in AUD.';
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount < 0) return 'Enter an amount of 0 or more.';
  if (amount > FIXED_COST_AMOUNT_MAX) return `Enter at most ${FIXED_COST_AMOUNT_MAX.toLocaleString('en-AU')} AUD a month.`;
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return 'Use at most two decimals (cents).';
  return undefined;
}

function rateError(text: string): string | undefined {
  const rate = Number(text);
  if (!text.trim() || !Number.isFinite(rate) || rate <= 0) return 'Enter how many AUD one USD buys (above 0).';
  if (rate > 10) return 'That rate looks wrong: one USD buys less than 10 AUD.';
  return undefined;
}

/** Checks the fixed-costs form; answers the body of the save, or a message per field. */
export function checkFixedCosts(rows: FixedCostDraft[], usdToAud: string): FixedCostsCheck {
  const seen = new Set<string>();
  const rowErrors = rows.map((row) => {
    const name = row.name.trim();
    const errors: { name?: string; monthlyAmount?: string } = {};
    if (!name) errors.name = 'Enter a name.';
    else if (name.length > FIXED_COST_NAME_MAX) errors.name = `Use at most ${FIXED_COST_NAME_MAX} characters.`;
    else if (seen.has(name.toLowerCase())) errors.name = 'Each cost needs its own name.';
    seen.add(name.toLowerCase());
    const amount = amountError(row.monthlyAmount);
    if (amount) errors.monthlyAmount = amount;
    return errors;
  });
  const rate = rateError(usdToAud);
  if (rate || rowErrors.some((e) => e.name || e.monthlyAmount)) return { ok: false, errors: { rows: rowErrors, usdToAud: rate } };
  return {
    ok: true,
    value: {
      items: rows.map((row) => ({ name: row.name.trim(), category: row.category, monthlyAmount: Number(row.monthlyAmount) })),
      usdToAud: Number(usdToAud),
    },
  };
}
