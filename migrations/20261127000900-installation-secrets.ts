import { Migration } from '@mikro-orm/migrations';

// Secrets of the installation, not of a shop (the key that signs the visitor consent of checkout URLs): random
// bytes written once by the first process that needs one, then read by every process of the installation.
export class InstallationSecrets extends Migration {
  override name = '20261127000900-installation-secrets';

  override up(): void {
    this.addSql(`
      create table installation_secrets (
        name text primary key,
        value bytea not null check (length(value) >= 32),
        created_at timestamptz not null default now()
      );`);
  }

  override down(): void {
    this.addSql('drop table installation_secrets;');
  }
}
