import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { CompaniesService } from '../companies.service.js';
import type { NewCompany } from '../company.inputs.js';
import type { ImportedCompany } from '../company.records.js';

/** What a test says about the company it needs; the rest gets valid defaults (one location "HQ" without a catalog, no contacts). */
export type CompanyTraits = Partial<NewCompany>;

/** A company of ctx's shop, written through the service's import. */
export async function createCompany(ctx: RequestContext, traits: CompanyTraits = {}): Promise<ImportedCompany> {
  const company: NewCompany = {
    name: traits.name ?? 'Factory Company',
    externalId: traits.externalId ?? null,
    locations: traits.locations ?? [{ name: 'HQ', catalog: null }],
    contacts: traits.contacts ?? [],
  };
  const [imported] = await new CompaniesService(await SqlPool.onOrm(ctx.em)).importCompanies(ctx, [company]);
  return imported!;
}
