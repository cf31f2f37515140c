import type { Database } from 'better-sqlite3';
import type { AnnualReport, AnnualReportFigure, AnnualReportSummary } from '@credit-portal/shared';

/* Reads of the centre's annual reports (migration 5), each figure beside the year before's. */

export function createAnnualReportRepository(db: Database) {
  const reports = db.prepare('SELECT * FROM annual_reports ORDER BY year DESC');
  const report = db.prepare('SELECT * FROM annual_reports WHERE year = ?');

  interface ReportRow {
    year: number;
    title: string;
    release_date: string;
    summary: string;
    figures: string;
    sections: string;
  }
  type StoredFigure = Omit<AnnualReportFigure, 'previous'>;

  /** A report's figures with the year before's values beside them. */
  const figuresOf = (row: ReportRow): AnnualReportFigure[] => {
    const before = report.get(row.year - 1) as ReportRow | undefined;
    const previous = new Map(
      before ? (JSON.parse(before.figures) as StoredFigure[]).map((f) => [f.key, f.value] as const) : [],
    );
    return (JSON.parse(row.figures) as StoredFigure[]).map((f) => ({ ...f, previous: previous.get(f.key) ?? null }));
  };
  const summaryOf = (row: ReportRow, figures: AnnualReportFigure[]): AnnualReportSummary => ({
    year: row.year,
    title: row.title,
    releaseDate: row.release_date,
    summary: row.summary,
    highlights: figures.slice(0, 4),
  });

  return {
    /** The annual reports, newest first, with their headline figures. */
    annualReports(): AnnualReportSummary[] {
      return (reports.all() as ReportRow[]).map((row) => summaryOf(row, figuresOf(row)));
    },

    /** One year's report; undefined when there is none. */
    annualReport(year: number): AnnualReport | undefined {
      const row = report.get(year) as ReportRow | undefined;
      if (!row) return undefined;
      const figures = figuresOf(row);
      return {
        ...summaryOf(row, figures),
        figures,
        sections: JSON.parse(row.sections) as AnnualReport['sections'],
      };
    },
  };
}

export type AnnualReportRepository = ReturnType<typeof createAnnualReportRepository>;
