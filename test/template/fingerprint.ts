/** What a person or the reader can see in a workbook, as plain data: zip bytes carry timestamps. */
import ExcelJS from 'exceljs';

export interface SheetFingerprint {
  name: string;
  state: string;
  views: unknown;
  widths: (number | undefined)[];
  cells: Record<string, { value: unknown; numFmt?: string; note?: unknown }>;
  validations: Record<string, unknown>;
}

export async function fingerprintWorkbook(path: string): Promise<SheetFingerprint[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets.map((sheet) => {
    const cells: SheetFingerprint['cells'] = {};
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const value = cell.value instanceof Date ? cell.value.toISOString() : cell.value;
        cells[cell.address] = { value, numFmt: cell.numFmt, note: cell.note };
      });
    });
    const model = (sheet as unknown as { dataValidations: { model: Record<string, unknown> } }).dataValidations.model;
    const validations = Object.fromEntries(Object.entries(model).filter(([, v]) => v !== undefined));
    return {
      name: sheet.name,
      state: sheet.state,
      views: sheet.views,
      widths: (sheet.columns ?? []).map((c) => c.width),
      cells,
      validations,
    };
  });
}
