import { Type, type Static } from 'typebox';

/** H5 user info from the token exchange (spec §3). */
export const H5UserInfoSchema = Type.Object({
  Name: Type.String(),
  IdCard: Type.String(),
  Infotoken: Type.String(),
});
export type H5UserInfo = Static<typeof H5UserInfoSchema>;

/** H5 entity record (spec §3). */
export const H5EntityRecordSchema = Type.Object({
  RecordId: Type.String(),
  BaseId: Type.String(),
  EntName: Type.String(),
  EntStatus: Type.String(),
  SCCode: Type.String(),
  Position: Type.String(),
  EstDate: Type.String(),
  EntCategory: Type.String(),
  CertNo: Type.String(),
});
export type H5EntityRecord = Static<typeof H5EntityRecordSchema>;

/** H5 personal-report request payload (spec §3). */
export const H5ReportRequestSchema = Type.Object({
  Infotoken: Type.String({ minLength: 1 }),
  UserName: Type.String(),
  IdentityCard: Type.String(),
  VersionCode: Type.Literal('C'),
  ReportNumber: Type.String(),
  printPlatform: Type.Optional(Type.String()),
  printStyle: Type.Optional(Type.Literal('1')),
  useType: Type.Optional(Type.String()),
  otherUseType: Type.Optional(Type.String()),
  Email: Type.Optional(Type.String()),
});
export type H5ReportRequest = Static<typeof H5ReportRequestSchema>;

const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
/** A row of a report table: column name → value. */
export const ReportRowSchema = Type.Record(Type.String(), Cell);
export type ReportRow = Static<typeof ReportRowSchema>;

/** One table of the personal report. */
export const ReportTableSchema = Type.Object({
  TableName: Type.String(),
  Rows: Type.Array(ReportRowSchema),
});
export type ReportTable = Static<typeof ReportTableSchema>;

/** A config-table row (spec §3). */
export const ReportConfigRowSchema = Type.Object({
  SourceTableENName: Type.String(),
  VersionCode: Type.String(),
  SortName: Type.String(),
  SourceTableName: Type.String(),
  /** 'I' section, 'II' sub-section, 'III' item. */
  SortGrade: Type.String(),
  /** '1' none, '2' table. */
  DisplayMode: Type.String(),
});
export type ReportConfigRow = Static<typeof ReportConfigRowSchema>;

/** The report tables: [config, report-number, ...data tables] (Data.Data is this as a JSON string). */
export const ReportTablesSchema = Type.Object({ Tables: Type.Array(ReportTableSchema) });
export type ReportTables = Static<typeof ReportTablesSchema>;
