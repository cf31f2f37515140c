import type { Migration } from './migration.js';

const migration: Migration = {
  version: 25,
  name: 'regions',
  // The city's districts by region code (the entities' region_code), which the details page names
  // as the registering district: data of the place the service runs in, not of its code. Filled
  // by whoever loads the place's data (the demo's seed); the district sites already known fill it
  // here, and a code with no row names the city alone.
  sql: `
CREATE TABLE regions (
  region_code TEXT PRIMARY KEY,
  -- The district's name without the city's, e.g. 东湖区.
  name TEXT NOT NULL
);
INSERT OR IGNORE INTO regions (region_code, name) SELECT region_code, district_name FROM district_sites;
`,
};

export default migration;
