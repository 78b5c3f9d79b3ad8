import {
  decideReconWriteOffs,
  explainReconLines,
  getReconColumnMap,
  getReconFeeReport,
  getReconLineList,
  getReconRun,
  getReconRunList,
  getReconWriteOffList,
  importReconStatement,
  importSandboxStatement,
  previewReconStatement,
  queryReconLines,
  RECON_MAX_FILE_BYTES,
  saveReconColumnMap,
  writeOffReconLines,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { getColumnMap, saveColumnMap, savedMapOf } from './recon-column-maps';
import { feeReportService } from './recon-fee-report';
import { lineListService, runListService, writeOffListService } from './recon-lists';
import { explainLines, queryLines, writeOffLines } from './recon-resolve';
import { decideWriteOffs } from './recon-write-offs';
import { importSandbox } from './recon-sandbox';
import { gatewayOf, importStatement, periodOf, runSummary } from './reconciliation.service';
import { previewStatement } from './statement-preview';

/**
 * Gateway reconciliation (issue 28): statements, column maps, runs and their lines (phase 1);
 * resolutions, write-off decisions and the fee report (phase 2).
 */
export function registerReconciliationCalls(registry: CallRegistry): void {
  registry
    .list(getReconRunList, runListService)
    .list(getReconLineList, lineListService)
    .user(getReconRun, (ctx, { id }) => runSummary(ctx.db, id))
    .user(getReconColumnMap, (ctx, { gatewayId }) => getColumnMap(ctx, gatewayId))
    .user(saveReconColumnMap, (ctx, input) => saveColumnMap(ctx, input))
    .list(getReconFeeReport, feeReportService)
    .list(getReconWriteOffList, writeOffListService)
    .user(importSandboxStatement, (ctx, input) => importSandbox(ctx, input))
    .user(queryReconLines, (ctx, input) => queryLines(ctx, input))
    .user(writeOffReconLines, (ctx, input) => writeOffLines(ctx, input))
    .user(explainReconLines, (ctx, input) => explainLines(ctx, input))
    .user(decideReconWriteOffs, decideWriteOffs)
    .upload(previewReconStatement, RECON_MAX_FILE_BYTES, (_ctx, input, file) =>
      previewStatement(file.bytes, input),
    )
    .upload(importReconStatement, RECON_MAX_FILE_BYTES, async (ctx, input, file) => {
      const period = periodOf(input);
      const gateway = await gatewayOf(ctx.db, input.gatewayId);
      const map = await savedMapOf(ctx, gateway.id, gateway.payment_gateway_code);
      return importStatement(ctx, gateway, map, period, {
        fileName: file.fileName,
        source: 'upload',
        bytes: file.bytes,
        end: file.end,
      });
    });
}
