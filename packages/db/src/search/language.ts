/**
 * The language functions of the provision index and the provision search, in one place:
 * @dp/czech-law's lemma keys and related terms (#37 items 2–3).
 */
export { indexTerms, queryTerms as meaningQueryTerms, LANGUAGE_VERSION, type QueryTerm } from '@dp/czech-law';
