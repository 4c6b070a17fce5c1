import { BigIntType } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';
import { TOKEN_KINDS, type TokenKind } from './token-crypto.js';

/** A credential of an installed app. Only the SHA-256 of the token is stored. */
@Entity({ tableName: 'access_tokens' })
@Index({ properties: ['shopId', 'appId', 'kind'] })
export class AccessToken extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  appId!: number;

  @Enum({ items: () => TOKEN_KINDS })
  kind!: TokenKind;

  @Property({ length: 64, unique: true })
  tokenHash!: string;

  @Property({ nullable: true })
  title?: string;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date;
}
