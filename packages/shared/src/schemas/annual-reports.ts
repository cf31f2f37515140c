import { Type, type Static } from 'typebox';

/*
 * Wire types of the centre's annual reports (信用年报).
 */

/** A key figure of a year, with the year before for comparison (null for the first year). */
export const AnnualReportFigureSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  value: Type.Number(),
  previous: Type.Union([Type.Number(), Type.Null()]),
  unit: Type.String(),
});
export type AnnualReportFigure = Static<typeof AnnualReportFigureSchema>;

export const AnnualReportSummarySchema = Type.Object({
  year: Type.Integer(),
  title: Type.String(),
  releaseDate: Type.String(),
  summary: Type.String(),
  /** The headline figures (the first four of the report). */
  highlights: Type.Array(AnnualReportFigureSchema),
});
export type AnnualReportSummary = Static<typeof AnnualReportSummarySchema>;

/** A whole report: its figures and its chapters (HTML, sanitized before rendering). */
export const AnnualReportSchema = Type.Object({
  ...AnnualReportSummarySchema.properties,
  figures: Type.Array(AnnualReportFigureSchema),
  sections: Type.Array(Type.Object({ heading: Type.String(), html: Type.String() })),
});
export type AnnualReport = Static<typeof AnnualReportSchema>;

/** The `data` of POST /Cms/nb/list: newest first. */
export const AnnualReportListSchema = Type.Array(AnnualReportSummarySchema);

/** Body of POST /Cms/nb/detail. */
export const AnnualReportQuerySchema = Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2100 }) });
