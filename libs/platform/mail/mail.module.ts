import { Module } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { Email } from './email.entity.js';
import { MAIL_TRANSPORT, SmtpTransport } from './mail-transport.js';
import { Mailer } from './mailer.js';

/** The Mailer, delivering over SMTP when SMTP_URL is set and keeping emails in the outbox otherwise. */
@Module({
  imports: [DatabaseModule.forFeature([Email])],
  providers: [
    { provide: MAIL_TRANSPORT, inject: [PLATFORM_CONFIG], useFactory: (config: PlatformConfig) => (config.smtpUrl ? new SmtpTransport(config.smtpUrl) : null) },
    Mailer,
  ],
  exports: [Mailer],
})
export class MailModule {}
