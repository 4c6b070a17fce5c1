import { Module } from '@nestjs/common';
import { HealthProbe } from './health-probe.js';

// `GET /healthz` is no Nest route: the API app installs HealthProbe's hook ahead of its request pipeline.
@Module({ providers: [HealthProbe], exports: [HealthProbe] })
export class HealthModule {}
