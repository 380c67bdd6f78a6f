/** What a public page shows in place of an image that is missing or broken: the server renders it for an empty
 *  address, the fallback-image island swaps it in for a file that fails to load. */
export const DEFAULT_IMAGE = '/images/default-logo.svg';
