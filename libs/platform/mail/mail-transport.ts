import type { Transporter } from 'nodemailer';

/** One message as it goes out over SMTP. */
export interface OutgoingMessage {
  to: string;
  from: string;
  bcc: string[];
  subject: string;
  text: string;
  html?: string;
}

/** Where the Mailer delivers; absent (no SMTP_URL) the emails stay in the outbox. */
export interface MailTransport {
  deliver(message: OutgoingMessage): Promise<void>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

// Short timeouts: a job waits on the server, and a server that does not answer should fail the attempt (and be
// retried) rather than hold the worker for nodemailer's default minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer, from `SMTP_URL` (`smtp://user:pass@host:587` upgrades with STARTTLS when the server
 * offers it; `smtps://` is TLS from the start). Error messages never carry the password.
 */
export class SmtpTransport implements MailTransport {
  // nodemailer is loaded when SMTP is configured: about 4 MiB of heap a process without SMTP_URL never uses.
  private readonly transport: Promise<Transporter>;
  private readonly password: string;

  constructor(url: string) {
    this.password = decodeURIComponent(new URL(url).password);
    this.transport = import('nodemailer').then(({ createTransport }) => createTransport({ url, ...TIMEOUTS, logger: false, debug: false }));
    this.transport.catch(() => undefined); // a failed load reaches the first delivery, not the process
  }

  async deliver(message: OutgoingMessage): Promise<void> {
    try {
      await (await this.transport).sendMail({ ...message, bcc: message.bcc.length ? message.bcc : undefined });
    } catch (error) {
      throw new Error(this.redact(error instanceof Error ? error.message : String(error)));
    }
  }

  close(): void {
    void this.transport.then((transport) => transport.close(), () => undefined);
  }

  private redact(text: string): string {
    return this.password ? text.replaceAll(this.password, '***') : text;
  }
}
