import { once } from 'node:events';
import { BadRequestException, Controller, Get, Logger, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify';
import { CSV_OPTIONS } from '@veolearn/nest-common';
import type { FastifyReply } from 'fastify';
import { ADMIN_EXPORT_KINDS, type AdminExportKind, AdminExportQuery, type AdminExportRows, type AdminRange } from '@veolearn/contracts';
import { attachment } from '../export/export.controller';
import { AdminMetricsClient } from '../services/admin-metrics-client';
import { DEFAULT_ADMIN_RANGE } from './admin.controller';
import { AdminGuard } from './admin.guard';

/** Rows asked of the admin-metrics-service at a time: memory stays flat however many users there are. */
export const EXPORT_PAGE_ROWS = 2000;

/** veolearn-<kind>-<yyyy-mm-dd>.csv, the date in UTC. */
export function exportFileName(kind: AdminExportKind, now = new Date()): string {
  return `veolearn-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams one admin CSV: asks the admin-metrics-service for pages of rows (keyset cursor) and
 * writes them through csv-stringify (RFC 4180 quoting, CRLF, a UTF-8 byte order mark, and a
 * leading apostrophe on text cells a spreadsheet would run as a formula: =, +, -, @, tab, CR).
 * Waits for the socket to drain before asking for the next page.
 */
async function* csvRecords(first: AdminExportRows, next: (after: string) => Promise<AdminExportRows>): AsyncGenerator<unknown[]> {
  yield first.columns;
  let page = first;
  for (;;) {
    yield* page.rows;
    if (!page.next) return;
    page = await next(page.next);
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/export')
export class AdminExportController {
  private readonly logger = new Logger(AdminExportController.name);

  constructor(private readonly metrics: AdminMetricsClient) {}

  @Get(':kind')
  @ApiParam({ name: 'kind', enum: ADMIN_EXPORT_KINDS })
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'users (all of them), subscriptions, costs or security-events (within timeRange) as CSV: veolearn-<kind>-<yyyy-mm-dd>.csv, streamed',
  })
  async export(@Param('kind') kind: string, @Query() query: AdminExportQuery, @Res() reply: FastifyReply): Promise<FastifyReply> {
    if (!(ADMIN_EXPORT_KINDS as readonly string[]).includes(kind)) {
      throw new BadRequestException(`Unknown export "${kind.slice(0, 40)}": choose one of ${ADMIN_EXPORT_KINDS.join(', ')}.`);
    }
    const exportKind = kind as AdminExportKind;
    const range: AdminRange = query.timeRange ?? DEFAULT_ADMIN_RANGE;
    // Fixed for the whole export, so pages of a time window do not slide while it streams.
    const now = new Date().toISOString();
    const page = (after: string | null) => this.metrics.exportRows({ kind: exportKind, range, now, after, limit: EXPORT_PAGE_ROWS });
    // The first page before any header, so a refusal or an outage answers as an error, not as a broken file.
    const first = await page(null);
    const csv = stringify({ bom: true, ...CSV_OPTIONS });
    void (async () => {
      for await (const record of csvRecords(first, (after) => page(after))) {
        if (csv.destroyed) return; // the download was cancelled
        if (!csv.write(record)) await Promise.race([once(csv, 'drain'), once(csv, 'close')]);
      }
      csv.end();
    })().catch((error: unknown) => {
      this.logger.warn(`Admin ${exportKind} CSV stopped part way: ${String(error)}`);
      csv.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(exportFileName(exportKind)))
      .header('cache-control', 'private, no-store')
      .send(csv);
  }
}
