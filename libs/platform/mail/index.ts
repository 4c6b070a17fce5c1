export { EMAIL_STATUSES, type EmailStatus } from './email.entity.js';
export { MailModule } from './mail.module.js';
export { Mailer, type EmailMessage, type EmailRecord, type OutboxEmail } from './mailer.js';
export { type RenderedEmail, emailDocument, greeting, paragraphs, subjectLine } from './email-layout.js';
