import { createContext } from 'react';

/**
 * How a link within the site (a path: "/", "/vinlookup") is written: the app adds the culture in
 * use (`withCulture`), so that a claimant reading Spanish lands on a Spanish page when the link
 * loads a page afresh (copy, the header's links); a link to another site is left as it is.
 * Without a provider, as written.
 */
export const SiteLinkContext = createContext<(path: string) => string>((path) => path);
