// Test data of metafields (`@platform/metafields/testing`); production code never imports it.
export { createMetafield, type MetafieldTraits } from './metafield.factory.js';
