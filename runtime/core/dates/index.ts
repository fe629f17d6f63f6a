/** Calendar dates as claimants type them, and time zones as deadlines name them (spec §5, §9). */
export * from './calendar';
export * from './zones';
