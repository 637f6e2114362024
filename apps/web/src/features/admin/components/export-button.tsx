import { useState } from 'react';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { downloadAdminExport, type AdminExportKind, type AdminRange } from '../api/admin-api';

export const EXPORT_FAILED_TEXT = 'Failed to export data. Please try again.';

/** Downloads one admin CSV (the server's file name) and says how it went (spec section 8). */
export function ExportButton({ kind, range, label }: { kind: AdminExportKind; range: AdminRange; label: string }) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const name = await downloadAdminExport(kind, range);
      toast({ title: 'Export Complete', description: `Saved ${name}` });
    } catch (error) {
      console.warn('Admin export failed', error);
      toast({ variant: 'destructive', title: 'Export Failed', description: EXPORT_FAILED_TEXT });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void run()} disabled={busy}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}
