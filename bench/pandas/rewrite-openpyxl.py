"""Writes a copy of a workbook as openpyxl writes it (benchmark 4's second input): every sheet read
with openpyxl and written again, cell values and number formats kept (dates stay date cells).

    python3 bench/pandas/rewrite-openpyxl.py SOURCE.xlsx TARGET.xlsx
"""
import sys

import openpyxl
from openpyxl.cell import WriteOnlyCell

source, target = sys.argv[1], sys.argv[2]
read = openpyxl.load_workbook(source, read_only=True)
written = openpyxl.Workbook(write_only=True)
for sheet in read.worksheets:
    out = written.create_sheet(sheet.title)
    for row in sheet.iter_rows():
        cells = []
        for cell in row:
            copy = WriteOnlyCell(out, value=cell.value)
            if cell.value is not None and cell.number_format != 'General':
                copy.number_format = cell.number_format
            cells.append(copy)
        out.append(cells)
written.save(target)
