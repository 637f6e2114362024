import { useState, type FormEvent } from 'react';
import { Loader2, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { formatDate } from '../../library/format';
import type { FixedCostSettings } from '../api/admin-api';
import { checkFixedCosts, FIXED_COST_CATEGORIES, type FixedCostCategory, type FixedCostDraft, type FixedCostErrors } from '../fixed-costs-validation';
import { useSaveFixedCosts } from '../hooks/use-admin';

const CATEGORY_LABELS: Record<FixedCostCategory, string> = { hosting: 'Hosting', others: 'Other' };

interface Row extends FixedCostDraft {
  key: number;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  );
}

/** Fixed monthly costs (hosting and others, AUD) and the USD→AUD rate; both feed Server Costs and the margin. */
export function FixedCostsForm({ settings }: { settings: FixedCostSettings }) {
  const [nextKey, setNextKey] = useState(settings.items.length);
  const [rows, setRows] = useState<Row[]>(() => settings.items.map((item, key) => ({ key, name: item.name, category: item.category, monthlyAmount: String(item.monthlyAmount) })));
  const [rate, setRate] = useState(String(settings.usdToAud));
  const [errors, setErrors] = useState<FixedCostErrors | null>(null);
  const save = useSaveFixedCosts();

  function update(key: number, change: Partial<FixedCostDraft>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  function add() {
    setRows((current) => [...current, { key: nextKey, name: '', category: 'hosting', monthlyAmount: '' }]);
    setNextKey((k) => k + 1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkFixedCosts(rows, rate);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors(null);
    save.mutate(check.value, {
      onSuccess: () => toast({ title: 'Fixed costs saved', description: 'Server costs and margins now use them.' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Save failed', description: serverMessage(error) ?? 'Please try again.' }),
    });
  }

  const invalid = errors !== null;

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit} noValidate aria-label="Fixed monthly costs">
      {invalid && (
        <p role="alert" className="text-sm text-destructive">
          Please correct the highlighted fields.
        </p>
      )}
      {rows.length === 0 && <p className="text-sm text-muted-foreground">No fixed costs yet: Server Costs counts AI usage only.</p>}
      <ul className="grid grid-cols-1 gap-3">
        {rows.map((row, index) => {
          const rowErrors = errors?.rows[index] ?? {};
          const id = `fixed-cost-${row.key}`;
          return (
            <li key={row.key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_10rem_10rem_auto] sm:items-start">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-name`}>Name</Label>
                <Input
                  id={`${id}-name`}
                  value={row.name}
                  aria-invalid={Boolean(rowErrors.name)}
                  aria-describedby={rowErrors.name ? `${id}-name-error` : undefined}
                  onChange={(e) => update(row.key, { name: e.target.value })}
                />
                <FieldError id={`${id}-name-error`} message={rowErrors.name} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-category`}>Category</Label>
                <Select value={row.category} onValueChange={(value) => update(row.key, { category: value as FixedCostCategory })}>
                  <SelectTrigger id={`${id}-category`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {FIXED_COST_CATEGORIES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {CATEGORY_LABELS[c]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-amount`}>Monthly amount (AUD)</Label>
                <Input
                  id={`${id}-amount`}
                  inputMode="decimal"
                  value={row.monthlyAmount}
                  aria-invalid={Boolean(rowErrors.monthlyAmount)}
                  aria-describedby={rowErrors.monthlyAmount ? `${id}-amount-error` : undefined}
                  onChange={(e) => update(row.key, { monthlyAmount: e.target.value })}
                />
                <FieldError id={`${id}-amount-error`} message={rowErrors.monthlyAmount} />
              </div>
              <Button
                type="button"
                variant="ghost"
                className="sm:mt-6"
                aria-label={`Remove ${row.name.trim() || `cost ${index + 1}`}`}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          Add cost
        </Button>
      </div>
      <div className="grid max-w-xs gap-1">
        <Label htmlFor="usd-to-aud">USD → AUD rate</Label>
        <Input
          id="usd-to-aud"
          inputMode="decimal"
          value={rate}
          aria-invalid={Boolean(errors?.usdToAud)}
          aria-describedby={errors?.usdToAud ? 'usd-to-aud-error' : 'usd-to-aud-hint'}
          onChange={(e) => setRate(e.target.value)}
        />
        <p id="usd-to-aud-hint" className="text-xs text-muted-foreground">
          AUD per USD, used to convert AI provider prices.
        </p>
        <FieldError id="usd-to-aud-error" message={errors?.usdToAud} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save
        </Button>
        <span className="text-xs text-muted-foreground">Last saved: {formatDate(save.data?.updatedAt ?? settings.updatedAt, true)}</span>
      </div>
    </form>
  );
}
