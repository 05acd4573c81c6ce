#!/usr/bin/env python3
"""Writes a Loop Habit Tracker CSV export as its app does (Habits.csv, each habit's folder
with Checkmarks.csv and Scores.csv, the wide Checkmarks.csv), as a folder and as the zip.
Run once; the files are committed and never regenerated with other contents."""
import datetime, os, shutil, zipfile

today = datetime.date(2026, 11, 24)
habits = [
    ("001", "Meditate", "YES_NO", "1", "1", "", "", "false"),
    ("002", "Wake up early", "YES_NO", "2", "3", "", "", "false"),
    ("003", "Gym", "YES_NO", "3", "7", "", "", "false"),
    ("004", "Run", "NUMERICAL", "1", "1", "AT_LEAST", "5.0", "false"),
    ("005", "Old habit", "YES_NO", "1", "1", "", "", "true"),
    ("006", "Café ☕", "YES_NO", "1", "1", "", "", "false"),
]
def days(n):
    return [today - datetime.timedelta(days=i) for i in range(n)]
entries = {}
# Meditate: a year and more, by hand every date but each tenth; the last week as written.
med = []
for d in days(420):
    if d >= datetime.date(2026, 11, 19):
        continue
    med.append((d, "NO" if d.toordinal() % 10 == 0 else "YES_MANUAL", ""))
last = [(datetime.date(2026, 11, 24), "YES_MANUAL", ""), (datetime.date(2026, 11, 23), "YES_MANUAL", '"calm, 10 min"'),
        (datetime.date(2026, 11, 22), "NO", ""), (datetime.date(2026, 11, 21), "SKIP", ""),
        (datetime.date(2026, 11, 20), "YES_MANUAL", ""), (datetime.date(2026, 11, 19), "YES_AUTO", "")]
entries["001"] = ("Date,Value,Notes", last + med)
# Wake up early: an older export's numbers (2 by hand, 1 filled in, 0 not done).
entries["002"] = ("Date,Value", [(d, ["2", "1", "0"][i % 3], None) for i, d in enumerate(days(30))])
entries["003"] = ("Date,Value,Notes", [(d, "YES_MANUAL" if i % 2 == 0 else "YES_AUTO", "") for i, d in enumerate(days(14))])
entries["004"] = ("Date,Value,Notes", [(today, "6000", ""), (today - datetime.timedelta(days=1), "3000", ""),
                                       (today - datetime.timedelta(days=2), "5000", "")])
entries["005"] = ("Date,Value,Notes", [(datetime.date(2024, 1, 2), "YES_MANUAL", ""), (datetime.date(2024, 1, 1), "YES_MANUAL", "")])
entries["006"] = ("Date,Value,Notes", [(today, "YES_MANUAL", "")])

def sane(name):
    import re
    return re.sub(r"[^ a-zA-Z0-9._-]+", "", name)[:100]

files = {}
lines = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?"]
for pos, name, kind, num, den, ttype, tval, arch in habits:
    lines.append(",".join([pos, name, kind, "", "", num, den, "#FF8F00", "km" if kind == "NUMERICAL" else "", ttype, tval, arch]))
files["Habits.csv"] = "\n".join(lines) + "\n"
for pos, name, *_ in habits:
    folder = (pos + " " + sane(name)).strip() + "/"
    header, rows = entries[pos]
    text = header + "\n"
    for d, v, note in rows:
        text += d.isoformat() + "," + v + ("" if note is None else "," + note) + "\n"
    files[folder + "Checkmarks.csv"] = text
    files[folder + "Scores.csv"] = "Date,Score\n" + today.isoformat() + ",0.5000\n"
wide = "Date," + ",".join(h[1] for h in habits) + ",\n"
wide += today.isoformat() + "," + ",".join("UNKNOWN" for _ in habits) + ",\n"
files["Checkmarks.csv"] = wide
files["Scores.csv"] = wide.replace("UNKNOWN", "0.0000")

here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(os.path.join(here, "folder"), ignore_errors=True)
for path, text in files.items():
    full = os.path.join(here, "folder", path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8", newline="") as f:
        f.write(text)
with zipfile.ZipFile(os.path.join(here, "Loop Habits CSV 2026-11-24.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    for path in sorted(files):
        info = zipfile.ZipInfo(path, date_time=(2026, 11, 24, 12, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, files[path])
