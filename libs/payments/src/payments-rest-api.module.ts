import { Module } from '@nestjs/common';
import { PaymentsModule } from './payments.module.js';
import { LedgerController } from './rest/ledger.controller.js';

/** The payments account of the legacy REST API under `/admin/api/{version}/platform_payments/…` (spec 3). */
@Module({ imports: [PaymentsModule], controllers: [LedgerController] })
export class PaymentsRestApiModule {}
