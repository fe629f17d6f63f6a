/** The API client of spec §7. */
export * from './client';
