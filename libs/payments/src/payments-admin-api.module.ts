import { Module } from '@nestjs/common';
import { PaymentsModule } from './payments.module.js';

@Module({ imports: [PaymentsModule] })
export class PaymentsAdminApiModule {}
