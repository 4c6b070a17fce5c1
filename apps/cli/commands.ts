import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AuthService } from '@platform/auth';
import { DomainError } from '@platform/errors';
import { migrateDatabase } from '@platform/database';
import { ShopService } from '@platform/tenancy';

export type Flags = Record<string, string | boolean | undefined>;

export interface CommandOutput {
  /** The one JSON line printed with --json. */
  json: Record<string, unknown>;
  /** What a person reads without --json. */
  text: string;
}

export type Command = (app: INestApplicationContext, flags: Flags) => Promise<CommandOutput>;

export const COMMANDS: Record<string, Command> = {
  async migrate(app) {
    const applied = await migrateDatabase(app.get(MikroORM));
    return { json: { migrated: applied }, text: applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date' };
  },

  async 'shop:create'(app, flags) {
    const shop = await app.get(ShopService).create({
      handle: required(flags, 'handle'),
      name: optional(flags, 'name'),
      plan: optional(flags, 'plan'),
      currency: optional(flags, 'currency'),
    });
    return { json: { shop }, text: `Created shop ${shop.handle} (${shop.domain}, plan ${shop.plan}, ${shop.currency})` };
  },

  async 'shop:set-state'(app, flags) {
    const shop = await app.get(ShopService).setState(required(flags, 'shop'), required(flags, 'state'));
    return { json: { shop }, text: `Shop ${shop.handle} is now ${shop.state}` };
  },

  async 'app:create'(app, flags) {
    const shop = await app.get(ShopService).requireByHandle(required(flags, 'shop'));
    const installed = await app.get(AuthService).installApp(shop.id, required(flags, 'name'), required(flags, 'scopes'));
    return {
      json: { ...installed },
      text: [
        `App ${installed.appId} installed on ${shop.handle}. Tokens are shown once:`,
        `  admin access token:       ${installed.adminAccessToken}`,
        `  storefront access token:  ${installed.storefrontAccessToken}`,
        `  storefront private token: ${installed.storefrontPrivateToken}`,
      ].join('\n'),
    };
  },
};

function optional(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

function required(flags: Flags, name: string): string {
  const value = optional(flags, name);
  if (!value) throw new DomainError('BAD_REQUEST', `--${name} is required`, { field: name });
  return value;
}
