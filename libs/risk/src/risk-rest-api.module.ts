import { Module } from '@nestjs/common';
import { RiskModule } from './risk.module.js';

@Module({ imports: [RiskModule] })
export class RiskRestApiModule {}
