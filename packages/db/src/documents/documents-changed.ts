/** Channel on which an import announces changed documents, so api instances drop cached copies. */
export const DOCUMENTS_CHANGED_CHANNEL = 'documents:changed';
