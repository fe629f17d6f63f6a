/**
 * A browser context's proxy that sends every request not to 127.0.0.1 to a port nothing listens
 * on: no other host is reachable, and no request waits on Playwright's interception (which adds a
 * hop through the driver to each request and answers CORS preflights itself, so a page timed or
 * watched as a browser sends its requests opens with this instead of a route).
 */
export const LOCAL_ONLY_PROXY = { server: 'http://127.0.0.1:9', bypass: '127.0.0.1' };
