import type { Database } from 'better-sqlite3';
import type { LendingOverview } from '@credit-portal/shared';

/* Reads of the lending platform (migration 5): its figures, partner banks and products. */

export function createLendingRepository(db: Database) {
  const banks = db.prepare(
    `SELECT b.code, b.name, b.short_name AS shortName, b.hotline,
       (SELECT COUNT(*) FROM lending_products p WHERE p.bank_code = b.code) AS productCount
     FROM lending_banks b ORDER BY b.sort_order`,
  );
  const products = db.prepare(
    `SELECT p.*, b.name AS bank_name FROM lending_products p JOIN lending_banks b ON b.code = p.bank_code
     ORDER BY p.sort_order`,
  );
  const lendingStats = db.prepare('SELECT key, label, value, unit FROM lending_stats ORDER BY sort_order');

  return {
    /** The lending platform: its figures (bank and product counts first), partner banks and products. */
    overview(): LendingOverview {
      const bankRows = banks.all() as LendingOverview['banks'];
      const productRows = products.all() as {
        id: string;
        bank_code: string;
        bank_name: string;
        name: string;
        category: string;
        max_amount: number;
        rate_min: number;
        rate_max: number;
        term_months: number;
        guarantee: string;
        target: string;
        features: string;
        requirements: string;
      }[];
      return {
        stats: [
          { key: 'banks', label: '入驻金融机构', value: String(bankRows.length), unit: '家' },
          { key: 'products', label: '上架信贷产品', value: String(productRows.length), unit: '款' },
          ...(lendingStats.all() as LendingOverview['stats']),
        ],
        banks: bankRows,
        products: productRows.map((p) => ({
          id: p.id,
          name: p.name,
          bankCode: p.bank_code,
          bankName: p.bank_name,
          category: p.category,
          maxAmount: p.max_amount,
          rateMin: p.rate_min,
          rateMax: p.rate_max,
          termMonths: p.term_months,
          guarantee: p.guarantee,
          target: p.target,
          features: JSON.parse(p.features) as string[],
          requirements: JSON.parse(p.requirements) as string[],
        })),
      };
    },
  };
}

export type LendingRepository = ReturnType<typeof createLendingRepository>;
