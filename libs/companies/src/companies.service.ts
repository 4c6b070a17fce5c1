import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SqlPool } from '@platform/database';
import { type RequestContext, inTransaction } from '@platform/request';
import { invalidAt } from './companies.errors.js';
import { CompanyCatalog, CompanyCatalogPrice } from './company-catalog.entity.js';
import { Company, CompanyContact, CompanyContactLocation, CompanyLocation } from './company.entity.js';
import type { NewCompany } from './company.inputs.js';
import type { ImportedCompany } from './company.records.js';
import { companyRows } from './company.rules.js';
import { OWNED_CUSTOMERS_AND_VARIANTS } from './company.sql.js';
import { EXISTING_COMPANIES } from './metafield-owners.sql.js';

/** B2B companies: their locations, catalogs and contacts. */
@Injectable()
export class CompaniesService {
  constructor(private readonly sql: SqlPool) {}

  /** Which of `ids` are companies of ctx's shop (the metafields' owner registry asks), in one statement. */
  async existingIds(ctx: RequestContext, ids: readonly number[]): Promise<number[]> {
    return (await this.sql.rows<{ id: number }>(ctx, EXISTING_COMPANIES, [ctx.shop.id, ids])).map((row) => row.id);
  }

  /**
   * Writes companies (seed, imports) in one transaction, each with its locations, their catalogs and fixed prices,
   * and its contacts with the locations they buy for. Throws the first problem, writing nothing: an invalid field,
   * a customer who is already a contact (of any company of the shop), a variant or customer the shop does not have.
   */
  async importCompanies(ctx: RequestContext, companies: NewCompany[]): Promise<ImportedCompany[]> {
    const inputs = companies.map((company, i) => companyRows(company, `companies[${i}]`));
    try {
      return await ctx.em.transactional(async (em) => {
        const shopId = ctx.shop.id;
        await this.checkShopOwns(inTransaction(ctx, em), inputs);
        const written = inputs.map((input) => {
          const company = em.create(Company, { shopId, name: input.name, externalId: input.externalId ?? null });
          const catalogs = input.locations.map((location) =>
            location.catalog
              ? em.create(CompanyCatalog, { shopId, title: location.catalog.title, adjustmentType: location.catalog.adjustment.type, adjustmentValue: location.catalog.adjustment.value })
              : null,
          );
          return { input, company, catalogs };
        });
        await em.flush();
        const withLocations = written.map(({ input, company, catalogs }) => {
          const locations = input.locations.map((location, i) => em.create(CompanyLocation, { shopId, companyId: company.id, name: location.name, catalogId: catalogs[i]?.id ?? null }));
          input.locations.forEach((location, i) =>
            (location.catalog?.fixedPrices ?? []).forEach((p) =>
              em.create(CompanyCatalogPrice, { shopId, catalogId: catalogs[i]!.id, variantId: p.variantId, price: p.price, compareAtPrice: p.compareAtPrice ?? null }),
            ),
          );
          const contacts = input.contacts.map((contact) => em.create(CompanyContact, { shopId, companyId: company.id, customerId: contact.customerId }));
          return { input, company, catalogs, locations, contacts };
        });
        await em.flush();
        for (const { input, locations, contacts } of withLocations) {
          const byName = new Map(input.locations.map((location, i) => [location.name, locations[i]!.id]));
          input.contacts.forEach((contact, i) =>
            contact.locations.forEach((name) => em.create(CompanyContactLocation, { shopId, contactId: contacts[i]!.id, locationId: byName.get(name)! })),
          );
        }
        await em.flush();
        return withLocations.map(({ company, catalogs, locations, contacts }) => ({
          id: company.id,
          locationIds: locations.map((l) => l.id),
          catalogIds: catalogs.map((c) => c?.id ?? null),
          contactIds: contacts.map((c) => c.id),
        }));
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw invalidAt('companies', 'names a customer who is already a company contact', 'TAKEN');
      if (error instanceof ForeignKeyConstraintViolationException) throw invalidAt('companies', 'names a customer or variant the shop does not have');
      throw error;
    }
  }

  // Foreign keys alone would accept another shop's customer or variant.
  private async checkShopOwns(ctx: RequestContext, inputs: NewCompany[]): Promise<void> {
    const customerIds = [...new Set(inputs.flatMap((c) => c.contacts.map((contact) => contact.customerId)))];
    const variantIds = [...new Set(inputs.flatMap((c) => c.locations.flatMap((l) => (l.catalog?.fixedPrices ?? []).map((p) => p.variantId))))];
    const [counts] = await this.sql.rows<{ customers: number; variants: number }>(ctx, OWNED_CUSTOMERS_AND_VARIANTS, [ctx.shop.id, customerIds, variantIds]);
    if (counts!.customers !== customerIds.length || counts!.variants !== variantIds.length) throw invalidAt('companies', 'names a customer or variant the shop does not have');
  }
}
