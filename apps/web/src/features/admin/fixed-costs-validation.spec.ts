import { checkFixedCosts, type FixedCostDraft } from './fixed-costs-validation';

const row = (name: string, monthlyAmount: string, category: FixedCostDraft['category'] = 'hosting'): FixedCostDraft => ({ name, category, monthlyAmount });

describe('checkFixedCosts', () => {
  it('answers the save body with trimmed names and numbers', () => {
    expect(checkFixedCosts([row(' Servers ', '120.50'), row('Domain', '0.07', 'others')], '1.52')).toEqual({
      ok: true,
      value: { items: [{ name: 'Servers', category: 'hosting', monthlyAmount: 120.5 }, { name: 'Domain', category: 'others', monthlyAmount: 0.07 }], usdToAud: 1.52 },
    });
  });

  it('accepts no fixed costs at all', () => {
    expect(checkFixedCosts([], '1.5')).toEqual({ ok: true, value: { items: [], usdToAud: 1.5 } });
  });

  it('names each wrong field: blank or repeated names, missing, negative, huge or sub-cent amounts', () => {
    const check = checkFixedCosts([row('  ', '10'), row('Servers', ''), row('servers', '-1'), row('CDN', '2000000'), row('Email', '1.005')], '1.5');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.rows).toEqual([
      { name: 'Enter a name.' },
      { monthlyAmount: 'Enter the monthly amount in AUD.' },
      { name: 'Each cost needs its own name.', monthlyAmount: 'Enter an amount of 0 or more.' },
      { monthlyAmount: 'Enter at most 1,000,000 AUD a month.' },
      { monthlyAmount: 'Use at most two decimals (cents).' },
    ]);
    expect(check.errors.usdToAud).toBeUndefined();
  });

  it('refuses a missing, zero or implausible exchange rate', () => {
    for (const rate of ['', '0', 'abc', '-1']) {
      const check = checkFixedCosts([row('Servers', '10')], rate);
      expect(check.ok ? null : check.errors.usdToAud).toBe('Enter how many AUD one USD buys (above 0).');
    }
    const high = checkFixedCosts([row('Servers', '10')], '150');
    expect(high.ok ? null : high.errors.usdToAud).toBe('That rate looks wrong: one USD buys less than 10 AUD.');
  });
});
