import { toGlobalId } from '@platform/ids';

/** The shop's one publication, its online store: what `publishablePublish(input: [{publicationId}])` names. */
export const ONLINE_STORE_PUBLICATION = toGlobalId('Publication', 1);
