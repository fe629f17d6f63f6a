/**
 * The mark of a statement PostgreSQL keeps prepared, at the start of its SQL text: a statement run
 * on nearly every request whose text is one of a few (no list of values spelled out). PostgreSQL
 * parses and plans an unnamed statement anew each time; for the page save's statement that took
 * about three quarters of the database's CPU per save (bench/findings.md, 2026-11-29). SQLite
 * reads it as a comment (and keeps every statement prepared anyway).
 */
export const PREPARED = '/* prepared */ ';
