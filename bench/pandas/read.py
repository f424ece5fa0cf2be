"""The pandas side of benchmark 4: read every sheet of a workbook (pandas.read_excel, openpyxl engine,
as pandas does by default for .xlsx) or every .csv file of a folder (pandas.read_csv, delimiter detected
by the python engine as the importer detects it). Prints the rows read; on stderr "read: N ms", the time
from importing pandas to the last row.

    python3 bench/pandas/read.py FILE.xlsx | FOLDER
"""
import os
import sys
import time

started = time.perf_counter()
import pandas  # noqa: E402  (its import is part of what a pandas user pays)

path = sys.argv[1]
rows = 0
if os.path.isdir(path):
    for name in sorted(os.listdir(path)):
        if name.endswith('.csv'):
            frame = pandas.read_csv(os.path.join(path, name), sep=None, engine='python', encoding='utf-8-sig', dtype=str)
            rows += len(frame)
else:
    for frame in pandas.read_excel(path, sheet_name=None).values():
        rows += len(frame)
print(f'{rows} rows')
print(f'read: {round((time.perf_counter() - started) * 1000)} ms', file=sys.stderr)
