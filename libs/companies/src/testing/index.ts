// Test data of the companies context (`@platform/companies/testing`); production code never imports it.
export { createCompany, type CompanyTraits } from './company.factory.js';
