import { Global, Module } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { OutboundHttp } from './outbound-http.js';

/** The process' one outbound client, with the installation's allowed private hosts. */
@Global()
@Module({
  providers: [{ provide: OutboundHttp, inject: [PLATFORM_CONFIG], useFactory: (config: PlatformConfig) => new OutboundHttp({ allowedPrivateHosts: config.outboundAllowedPrivateHosts }) }],
  exports: [OutboundHttp],
})
export class OutboundHttpModule {}
