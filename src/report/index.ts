export { neutraliseCell, neutraliseOptional } from './neutralise.js';
export type { OperationOutcome, OperationStatus } from './types.js';
export { describeLocation, formatIssue } from './location.js';
export { colourFor, summariseIssues, type SummaryOptions } from './summary.js';
export {
  REPORT_VERSION,
  buildReport,
  writeReport,
  type Report,
  type ReportInput,
  type ReportIssue,
  type ReportOperation,
  type ReportPlanEntry,
} from './json.js';
export { errorFilePath, errorFileFormat, type ErrorFileFormat } from './error-file-path.js';
export { writeErrorWorkbook } from './error-workbook.js';
export { writeErrorCsv, ERRORS_COLUMN, type ErrorCsvOptions } from './error-csv.js';
export { writeErrorFiles, type ErrorFilesOptions } from './error-files.js';
