import type { Migration } from './migration.js';

const migration: Migration = {
  version: 7,
  name: 'disclosure-lists',
  // The disclosure lists of the information-disclosure section. Rows name their
  // subject as published (entity_id links a seeded entity when there is one); ID numbers are
  // stored whole and masked on the way out. Dates are yyyy-mm-dd, update times yyyy-mm-dd hh:mm:ss.
  sql: `
CREATE TABLE abnormal_business (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  reason TEXT NOT NULL,
  doc_no TEXT NOT NULL,
  decision_org TEXT NOT NULL,
  listed_on TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX abnormal_business_by_date ON abnormal_business (listed_on DESC, id DESC);

CREATE TABLE major_tax_violations (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  id_number TEXT NOT NULL,
  address TEXT NOT NULL,
  case_nature TEXT NOT NULL,
  facts TEXT NOT NULL,
  punishment TEXT NOT NULL,
  decision_org TEXT NOT NULL,
  listed_on TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX major_tax_violations_by_date ON major_tax_violations (listed_on DESC, id DESC);

CREATE TABLE wage_arrears (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  id_number TEXT NOT NULL,
  facts TEXT NOT NULL,
  -- 万元, two decimals.
  amount_wan TEXT NOT NULL,
  workers INTEGER NOT NULL,
  doc_no TEXT NOT NULL,
  decision_org TEXT NOT NULL,
  listed_on TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX wage_arrears_by_date ON wage_arrears (listed_on DESC, id DESC);

CREATE TABLE nontax_arrears (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  id_number TEXT NOT NULL,
  item_name TEXT NOT NULL,
  -- 元, two decimals.
  amount_yuan TEXT NOT NULL,
  late_fee_yuan TEXT NOT NULL,
  basis TEXT NOT NULL,
  payable_by TEXT NOT NULL,
  notice_doc_no TEXT NOT NULL,
  noticed_on TEXT NOT NULL,
  status TEXT NOT NULL,
  collecting_org TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX nontax_arrears_by_date ON nontax_arrears (payable_by DESC, id DESC);

CREATE TABLE personal_bankruptcies (
  id INTEGER PRIMARY KEY,
  case_no TEXT NOT NULL UNIQUE,
  debtor_name TEXT NOT NULL,
  id_number TEXT NOT NULL,
  case_type TEXT NOT NULL,
  court TEXT NOT NULL,
  accepted_on TEXT NOT NULL,
  status TEXT NOT NULL,
  administrator TEXT NOT NULL,
  administrator_phone TEXT NOT NULL,
  appointed_on TEXT NOT NULL,
  claim_deadline TEXT NOT NULL,
  creditor_meeting_on TEXT NOT NULL,
  -- 万元, two decimals.
  liabilities_wan TEXT NOT NULL,
  announcement TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX personal_bankruptcies_by_date ON personal_bankruptcies (accepted_on DESC, id DESC);
`,
};

export default migration;
